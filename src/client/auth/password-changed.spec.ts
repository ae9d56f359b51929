import { describe, expect, it, vi } from 'vitest';
import { commands } from '../../../generated/commands';
import { changePasswordForm } from '../../../generated/forms/change-password';
import { commandOfForm } from '../forms/command-of-form';

const signIn = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('./sign-in', () => ({ signIn }));

const { renewAfterPasswordChange } = await import('./password-changed');
const { tokenStore } = await import('./token-store');

describe('renewAfterPasswordChange', () => {
  it('knows the password change by its form’s submit path, the path of the command updatePassword', () => {
    expect(commandOfForm(changePasswordForm, commands)?.name).toBe('updatePassword');
    expect(changePasswordForm.submit?.path).toBe(commands.updatePassword.path);
  });

  it('signs in again after the password change only', async () => {
    const payload = btoa(JSON.stringify({ username: 'creditor@example.com' }));
    vi.spyOn(tokenStore, 'token', 'get').mockReturnValue(`x.${payload}.y`);
    await renewAfterPasswordChange(commands.createDebtor.path, { password: 'Neu12345!' });
    expect(signIn).not.toHaveBeenCalled();
    await renewAfterPasswordChange(commands.updatePassword.path, { password: 'Neu12345!' });
    expect(signIn).toHaveBeenCalledWith({ username: 'creditor@example.com', password: 'Neu12345!' });
  });
});
