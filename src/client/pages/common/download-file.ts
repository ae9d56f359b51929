import { refreshTokens } from '../../auth/session';
import { tokenStore } from '../../auth/token-store';

const get = (path: string) =>
  fetch(`/api${path}`, { headers: tokenStore.token ? { Authorization: `Bearer ${tokenStore.token}` } : {} });

/**
 * Downloads an API path as a file (blob) under `fileName`; a 401 refreshes the token once.
 * Throws on failure, so the caller can show the red server-error snackbar (spec §8).
 *
 * @example await downloadFile('/creditor-voucher/list-download?creditorVoucherIdentifiers[]=1', 'belege.zip');
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  let response = await get(path);
  if (response.status === 401 && (await refreshTokens())) response = await get(path);
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
