import { afterEach, describe, expect, it, vi } from 'vitest';
import { commands } from '../../../generated/commands';
import { changePasswordForm } from '../../../generated/forms/change-password';
import { commandOfForm } from '../forms/command-of-form';
import { renewAfterPasswordChange } from './password-changed';
import { tokenStore } from './token-store';

describe('renewAfterPasswordChange', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('knows the password change by its form’s submit path, the path of the command updatePassword', () => {
    expect(commandOfForm(changePasswordForm, commands)?.name).toBe('updatePassword');
    expect(changePasswordForm.submit?.path).toBe(commands.updatePassword.path);
  });

  it('signs in again after the password change only', async () => {
    const payload = btoa(JSON.stringify({ username: 'creditor@example.com' }));
    vi.spyOn(tokenStore, 'token', 'get').mockReturnValue(`x.${payload}.y`);
    // the login answers with a refusal: nothing is stored, the call is what is checked
    const login = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', login);
    await renewAfterPasswordChange(commands.createDebtor.path, { password: 'Neu12345!' });
    expect(login).not.toHaveBeenCalled();
    await expect(renewAfterPasswordChange(commands.updatePassword.path, { password: 'Neu12345!' })).rejects.toThrow();
    expect(login).toHaveBeenCalledTimes(1);
    const [url, init] = login.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'creditor@example.com', password: 'Neu12345!' });
  });
});
