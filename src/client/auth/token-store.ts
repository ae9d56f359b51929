/** Where the session's tokens live between page loads. */
const TOKEN_KEY = 'kontor.token';
const REFRESH_KEY = 'kontor.refreshToken';

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
  },
};
