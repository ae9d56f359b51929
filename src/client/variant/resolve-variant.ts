import type { VariantConfig } from '../../shared/config-types';

/** The spec's storage key "local product" (document 1 §9): the product chosen where the host names none. */
export const LOCAL_PRODUCT_KEY = 'kontor.localProduct';

type ProductStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): ProductStorage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The variant that lists the host name in `hosts` (case and port ignored), if any. */
export function hostVariant(hostname: string, variants: Record<string, VariantConfig>): VariantConfig | undefined {
  const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return Object.values(variants).find((variant) =>
    variant.hosts.some((candidate) => candidate.toLowerCase() === host),
  );
}

/** The stored local product choice, if any. */
export function readLocalProduct(storage: ProductStorage | null = browserStorage()): string | undefined {
  return storage?.getItem(LOCAL_PRODUCT_KEY) ?? undefined;
}

/**
 * Picks the product variant of the page (document 2 §1): the variant whose `hosts` list the host
 * name; otherwise the stored local choice (on development hosts such as localhost, which is where
 * the logged-in user's product is kept, see `adoptUserProduct`); otherwise the default (SMAFA).
 *
 * @example resolveVariant('tpf.localhost', variants, 'SMAFA').code // 'TPF'
 * @example resolveVariant('localhost', variants, 'SMAFA', 'TPF').code // 'TPF' (no host entry, stored choice)
 * @example resolveVariant('smafa.localhost', variants, 'SMAFA', undefined, 'TPF').code // 'TPF' (a preview)
 */
export function resolveVariant(
  hostname: string,
  variants: Record<string, VariantConfig>,
  defaultCode: string,
  storedCode: string | undefined = readLocalProduct(),
  previewCode?: string,
): VariantConfig {
  // a product owner's preview (issue 16) shows its product on any host
  const match =
    (previewCode ? variants[previewCode] : undefined) ??
    hostVariant(hostname, variants) ??
    (storedCode ? variants[storedCode] : undefined);
  const fallback = variants[defaultCode];
  if (!match && !fallback) throw new Error(`No variant for host ${hostname} and no default variant ${defaultCode}`);
  return match ?? fallback;
}

/**
 * Once the logged-in user is known: where the host names no variant, the user's product becomes the
 * stored local choice. Returns true when that changes the page's variant, so the caller reloads
 * once (the next load resolves to the user's product and returns false).
 *
 * @example adoptUserProduct('localhost', 'TPF', 'SMAFA', variants, localStorage) // true: stored TPF, reload
 */
export function adoptUserProduct(
  hostname: string,
  product: string | null | undefined,
  activeCode: string,
  variants: Record<string, VariantConfig>,
  storage: ProductStorage | null = browserStorage(),
): boolean {
  if (!storage || hostVariant(hostname, variants)) return false;
  if (!product || !variants[product] || product === activeCode) return false;
  storage.setItem(LOCAL_PRODUCT_KEY, product);
  // a storage that does not keep the value would reload forever
  return storage.getItem(LOCAL_PRODUCT_KEY) === product;
}
