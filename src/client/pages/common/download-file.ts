import { refreshTokens } from '../../auth/session';
import { tokenStore } from '../../auth/token-store';

const get = (path: string) =>
  fetch(`/api${path}`, { headers: tokenStore.token ? { Authorization: `Bearer ${tokenStore.token}` } : {} });

/**
 * The file name of a `Content-Disposition` header: RFC 6266's `filename*` (UTF-8, umlauts kept) before
 * the ASCII `filename`.
 *
 * @example dispositionFileName(`attachment; filename="A_.pdf"; filename*=UTF-8''%C3%84.pdf`) // 'Ä.pdf'
 */
export function dispositionFileName(header: string | null): string | undefined {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a broken encoding falls back to the plain name
    }
  }
  return /filename="([^"]+)"/.exec(header ?? '')?.[1];
}

/**
 * Downloads an API path as a file (blob) under `fileName` (default: the name the server's
 * Content-Disposition gives); a 401 refreshes the token once. Throws on failure — with the server's
 * German message when it sends one — so the caller can show it or the red server-error snackbar (spec §8).
 *
 * @example await downloadFile('/creditor-voucher/list-download?creditorVoucherIdentifiers[]=1', 'belege.zip');
 */
export async function downloadFile(path: string, fileName?: string): Promise<void> {
  let response = await get(path);
  if (response.status === 401 && (await refreshTokens())) response = await get(path);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `download failed: ${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? dispositionFileName(response.headers.get('content-disposition')) ?? 'download';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
