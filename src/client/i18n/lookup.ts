type Tree = Record<string, unknown>;

/** The last resort for a key in no catalogue: its last segment (`ui.nav.debtors` → `debtors`). */
export const lastSegment = (key: string): string => key.slice(key.lastIndexOf('.') + 1);

/** The text at a dotted key of a catalogue tree, if it is one. */
export function lookupText(tree: Tree, key: string): string | undefined {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
  return typeof found === 'string' ? found : undefined;
}

/**
 * A translate function without react-admin (the light login entry): the variant's flat wording
 * first, then the catalogues in the order given (the same precedence as `buildCatalogues`), then the
 * key's last segment. No interpolation: the login page's texts have no placeholders.
 *
 * @example plainTranslate([de, raGerman], variant.wording.de)('ra.auth.sign_in') // 'Anmelden'
 */
export function plainTranslate(catalogues: Tree[], wording: Record<string, string>): (key: string) => string {
  return (key) => wording[key] ?? catalogues.reduce<string | undefined>((found, tree) => found ?? lookupText(tree, key), undefined) ?? lastSegment(key);
}
