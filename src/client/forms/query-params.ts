/** Query-string helpers for the dialogs that query flags open (`?uploadVoucher=true`). */

/**
 * The query string without a flag (closing a dialog).
 *
 * @example withoutParam('?page=2&uploadVoucher=true', 'uploadVoucher') // '?page=2'
 */
export function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The query string with a flag set (a link that opens a dialog).
 *
 * @example withParam('?page=2', 'uploadVoucher') // '?page=2&uploadVoucher=true'
 */
export function withParam(search: string, name: string, value = 'true'): string {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return `?${params.toString()}`;
}
