import { startRefreshTimer } from './session';
import { type TokenPair, tokenStore } from './token-store';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * The login call shared by the light login entry and react-admin's authProvider: `POST /api/login`,
 * keeps the token pair and starts the 10-minute refresh. A refusal throws the server's German text
 * (bad credentials, the 429 lockout) as the error message, or `messages.badCredentials` without one.
 *
 * @example await signIn({ username: 'creditor@example.com', password }) // tokens stored
 */
export async function signIn({ username, password }: Credentials): Promise<void> {
  const response = await fetch('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await response.json().catch(() => ({}));
  // the server's German text (bad credentials, lockout) is what the login page shows
  if (!response.ok) throw new Error(body?.message || 'messages.badCredentials');
  tokenStore.save(body as TokenPair);
  startRefreshTimer();
}
