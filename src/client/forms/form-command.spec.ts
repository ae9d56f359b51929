import { describe, expect, it } from 'vitest';
import { commands } from '../../../generated/commands';
import { forms } from '../../../generated/forms';
import { commandOfForm, failureText, refusalText, successText } from './form-command';

const translate = (key: string, options?: Record<string, unknown>) =>
  key === 'messages.debtors.deactivationBlocked' ||
  key === 'messages.changesSaved' ||
  key === 'messages.debtors.addDebtorError'
    ? `«${key}»`
    : String(options?._ ?? key);

describe('commandOfForm', () => {
  it('takes the command at the form’s submit path', () => {
    expect(commandOfForm(forms.createDebtor)?.name).toBe('createDebtor');
    expect(commandOfForm(forms.editDebtor)?.name).toBe('updateDebtor');
    expect(commandOfForm(forms.paymentData)?.name).toBe('updatePaymentData');
    expect(commandOfForm(forms.changePassword)?.name).toBe('updatePassword');
    expect(commandOfForm(forms.login)).toBeUndefined();
  });
});

describe('texts', () => {
  it("prefers the server's success message, else the command's success text", () => {
    expect(successText({ success: true, message: 'Gespeichert.' }, commands.updateDebtor, translate)).toBe(
      'Gespeichert.',
    );
    expect(successText({ color: 'green' }, commands.determineSolvency, translate)).toBe(
      '«messages.changesSaved»',
    );
    expect(successText(null, undefined, translate)).toBe('«messages.changesSaved»');
  });

  it('explains a refusal by its reason, then its code, with the server text as fallback', () => {
    expect(
      refusalText(
        { code: 'changesNotSaved', reason: 'debtors.deactivationBlocked', message: 'Server' },
        translate,
      ),
    ).toBe('«messages.debtors.deactivationBlocked»');
    expect(
      refusalText({ code: 'changesNotSaved', reason: 'unknown.reason', message: 'Server' }, translate),
    ).toBe('Server');
    expect(refusalText({ code: 'validationError', message: 'Pflichtfeld.' }, translate)).toBe('Pflichtfeld.');
  });

  it("names a failed command by the command's failure text", () => {
    expect(failureText(commands.createDebtor, translate)).toBe('«messages.debtors.addDebtorError»');
  });
});
