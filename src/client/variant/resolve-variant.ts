/** The spec's storage key "local product" (document 1 §9): the product chosen where the host names none. */
export const LOCAL_PRODUCT_KEY = 'kontor.localProduct';

type ProductStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): ProductStorage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** Each variant's host names by code (`variantHosts` of generated/products). */
export type VariantHosts = Record<string, readonly string[]>;

/** The code of the variant that lists the host name (case and port ignored), if any. */
export function hostVariantCode(hostname: string, hosts: VariantHosts): string | undefined {
  const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return Object.keys(hosts).find((code) => hosts[code].some((candidate) => candidate.toLowerCase() === host));
}

/** The stored local product choice, if any. */
export function readLocalProduct(storage: ProductStorage | null = browserStorage()): string | undefined {
  return storage?.getItem(LOCAL_PRODUCT_KEY) ?? undefined;
}

/**
 * Picks the product variant of the page (document 2 §1): the variant whose `hosts` list the host
 * name; otherwise the stored local choice (on development hosts such as localhost, which is where
 * the logged-in user's product is kept, see `adoptUserProduct`); otherwise the default (SMAFA).
 * Answers its code; the page then loads that variant alone (`variantLoaders`).
 *
 * @example resolveVariantCode('tpf.localhost', variantHosts, 'SMAFA') // 'TPF'
 * @example resolveVariantCode('localhost', variantHosts, 'SMAFA', 'TPF') // 'TPF' (no host entry, stored choice)
 * @example resolveVariantCode('smafa.localhost', variantHosts, 'SMAFA', undefined, 'TPF') // 'TPF' (a preview)
 */
export function resolveVariantCode(
  hostname: string,
  hosts: VariantHosts,
  defaultCode: string,
  storedCode: string | undefined = readLocalProduct(),
  previewCode?: string,
): string {
  const known = (code: string | undefined) => (code && hosts[code] ? code : undefined);
  // a product owner's preview (issue 16) shows its product on any host
  const match = known(previewCode) ?? hostVariantCode(hostname, hosts) ?? known(storedCode);
  if (!match && !hosts[defaultCode]) throw new Error(`No variant for host ${hostname} and no default variant ${defaultCode}`);
  return match ?? defaultCode;
}

/**
 * Once the logged-in user is known: where the host names no variant, the user's product becomes the
 * stored local choice. Returns true when that changes the page's variant, so the caller reloads
 * once (the next load resolves to the user's product and returns false).
 *
 * @example adoptUserProduct('localhost', 'TPF', 'SMAFA', variantHosts, localStorage) // true: stored TPF, reload
 */
export function adoptUserProduct(
  hostname: string,
  product: string | null | undefined,
  activeCode: string,
  hosts: VariantHosts,
  storage: ProductStorage | null = browserStorage(),
): boolean {
  if (!storage || hostVariantCode(hostname, hosts)) return false;
  if (!product || !hosts[product] || product === activeCode) return false;
  storage.setItem(LOCAL_PRODUCT_KEY, product);
  // a storage that does not keep the value would reload forever
  return storage.getItem(LOCAL_PRODUCT_KEY) === product;
}
