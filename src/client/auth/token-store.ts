/** Where the session's tokens live between page loads. */
const TOKEN_KEY = 'kontor.token';
/** the storage key of the access token (another tab's logout removes it: a `storage` event) */
export const TOKEN_STORAGE_KEY = TOKEN_KEY;
const REFRESH_KEY = 'kontor.refreshToken';
const ADMIN_TOKEN_KEY = 'kontor.adminToken';
const ADMIN_REFRESH_KEY = 'kontor.adminRefreshToken';

export interface TokenPair {
  token: string;
  refresh_token: string;
}

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const tokenStore = {
  get token(): string | null {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  },
  get refreshToken(): string | null {
    return storage()?.getItem(REFRESH_KEY) ?? null;
  },
  save(pair: TokenPair): void {
    storage()?.setItem(TOKEN_KEY, pair.token);
    storage()?.setItem(REFRESH_KEY, pair.refresh_token);
  },
  clear(): void {
    storage()?.removeItem(TOKEN_KEY);
    storage()?.removeItem(REFRESH_KEY);
    // a logout during an impersonation ends the admin's kept session too
    storage()?.removeItem(ADMIN_TOKEN_KEY);
    storage()?.removeItem(ADMIN_REFRESH_KEY);
  },
  /** the admin's own session, kept aside while they act as a creditor user (impersonation) */
  get adminPair(): TokenPair | null {
    const token = storage()?.getItem(ADMIN_TOKEN_KEY);
    const refresh = storage()?.getItem(ADMIN_REFRESH_KEY);
    return token && refresh ? { token, refresh_token: refresh } : null;
  },
  keepAdminPair(pair: TokenPair): void {
    storage()?.setItem(ADMIN_TOKEN_KEY, pair.token);
    storage()?.setItem(ADMIN_REFRESH_KEY, pair.refresh_token);
  },
  dropAdminPair(): void {
    storage()?.removeItem(ADMIN_TOKEN_KEY);
    storage()?.removeItem(ADMIN_REFRESH_KEY);
  },
};
