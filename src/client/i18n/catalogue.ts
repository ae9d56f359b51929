// vite.config.ts loads this module (through catalogue-slices.ts): its imports name their files' extension, as vite's native config loader wants
import type { TranslationMessages } from 'ra-core';
import { raGerman } from './ra-german.ts';

type Tree = Record<string, unknown>;

/** Whether a catalogue node is a subtree (not a text, not a list). */
export const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep merge where later trees win; inputs stay untouched. */
export function mergeTrees(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      out[key] = isTree(value) && isTree(out[key]) ? mergeTrees(out[key] as Tree, value) : value;
    }
  }
  return out;
}

/** Turns `{ 'resources.debtors.name': 'Auftraggeber' }` into a nested tree. */
export function unflatten(flat: Record<string, string>): Tree {
  const out: Tree = {};
  for (const [path, text] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (!isTree(node[part])) node[part] = {};
      node = node[part] as Tree;
    }
    node[parts[parts.length - 1]] = text;
  }
  return out;
}

/** The generated catalogues carry a do-not-edit header under `$comment`; it is no text. */
const withoutComment = (catalogue: Tree): Tree => {
  const { $comment: _ignored, ...rest } = catalogue;
  return rest;
};

export interface CatalogueSources {
  generated: { de: Tree; en: Tree };
  /**
   * react-admin's English texts (ra-language-english); the caller brings them, so they travel with
   * the English catalogue (issue 13: not in the portal's first load, see i18n-provider.ts)
   */
  raEnglish?: Tree;
  /** the active variant's wording overrides, flat `i18n key → text` */
  wording: { de: Record<string, string>; en: Record<string, string> };
}

/**
 * Builds the German and English message catalogues in their precedence order:
 * react-admin's texts, then the generated catalogues, then the variant's wording.
 * German is laid over the complete English catalogue, so a key missing in German shows English.
 *
 * @example buildCatalogues({ generated: { de, en }, raEnglish, wording: variant.wording }).de.ra.auth.logout // 'Abmelden'
 */
export function buildCatalogues(sources: CatalogueSources): {
  de: TranslationMessages;
  en: TranslationMessages;
} {
  const en = mergeTrees(
    sources.raEnglish ?? {},
    withoutComment(sources.generated.en),
    unflatten(sources.wording.en),
  );
  const de = mergeTrees(
    en,
    raGerman as unknown as Tree,
    withoutComment(sources.generated.de),
    unflatten(sources.wording.de),
  );
  return { de: de as TranslationMessages, en: en as TranslationMessages };
}

export { lastSegment } from './lookup.ts';
