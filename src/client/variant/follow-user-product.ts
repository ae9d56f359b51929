import { variantHosts } from '../../../generated/products';
import { adoptUserProduct } from './resolve-variant';

/**
 * Document 2 §1: where the host name names no variant (localhost, development), the portal shows
 * the logged-in user's product — a TPF user sees TPF's menu and wording. The product is stored as
 * the local choice and the page reloads once, because theme, texts and menus are fixed at start.
 *
 * @example currentUser().then((user) => followUserProduct(user.product, variant.code));
 */
export function followUserProduct(product: string | null | undefined, activeCode: string): void {
  if (typeof window === 'undefined') return;
  if (adoptUserProduct(window.location.hostname, product, activeCode, variantHosts)) window.location.reload();
}
