import { changePasswordForm } from '../../../generated/forms/change-password';
import { signIn } from './sign-in';
import { tokenStore } from './token-store';

/** The user name the current access token names (read locally: the session itself has just ended). */
function usernameOfToken(token: string | null): string | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { username?: string }).username ?? null;
  } catch {
    return null;
  }
}

/**
 * A password change ends every session of the user, this one too (issue 26; the server's
 * src/server/services/session.ts): the client signs in again at once with the new password, so
 * the change does not send its own author to the login page.
 *
 * @example await renewAfterPasswordChange('/user-management/command/update-password', { password })
 */
export async function renewAfterPasswordChange(path: string, data: Record<string, unknown>): Promise<void> {
  // the form's submit path is the command's (updatePassword): every form page sends through here, so
  // it reads the one form, not the table of every command (issue 32; password-changed.spec.ts)
  if (path !== changePasswordForm.submit?.path || typeof data.password !== 'string') return;
  const username = usernameOfToken(tokenStore.token);
  if (username) await signIn({ username, password: data.password });
}
