import { describe, expect, it, vi } from 'vitest';
import { commands } from '../../../generated/commands';
import { forms } from '../../../generated/forms';
import { callCommand, commandOfForm, failureText, refusalText, successText } from './form-command';

const translate = (key: string, options?: Record<string, unknown>) =>
  key === 'messages.debtors.deactivationBlocked' ||
  key === 'messages.changesSaved' ||
  key === 'messages.debtors.addDebtorError'
    ? `«${key}»`
    : String(options?._ ?? key);

describe('commandOfForm', () => {
  it('takes the command at the form’s submit path', () => {
    expect(commandOfForm(forms.createDebtor, commands)?.name).toBe('createDebtor');
    expect(commandOfForm(forms.editDebtor, commands)?.name).toBe('updateDebtor');
    expect(commandOfForm(forms.paymentData, commands)?.name).toBe('updatePaymentData');
    expect(commandOfForm(forms.changePassword, commands)?.name).toBe('updatePassword');
    expect(commandOfForm(forms.login, commands)).toBeUndefined();
  });
});

describe('callCommand', () => {
  it('sends the body of a command whose form has files as multipart, any other as JSON', async () => {
    const sent: { url: string; method?: string; body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({
          url,
          method: init.method,
          body: init.body,
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return new Response('{"success":true}', { status: 200 });
      }),
    );
    expect(commands.previewStateOfAffairsImport.multipart).toBe(true);
    expect(commands.identCheck.multipart).toBeUndefined();
    await callCommand(commands.previewStateOfAffairsImport, {}, { note: 'x' }, 'key-1');
    await callCommand(commands.identCheck, {}, { name: 'Muster GmbH' }, 'key-2');
    expect(sent.map(({ url, method, key }) => [url, method, key])).toEqual([
      ['/api/state-of-affairs/import/preview', 'POST', 'key-1'],
      ['/api/csp/debtor', 'POST', 'key-2'],
    ]);
    expect(sent[0].body).toBeInstanceOf(FormData);
    expect((sent[0].body as FormData).get('note')).toBe('x');
    expect(JSON.parse(String(sent[1].body))).toEqual({ name: 'Muster GmbH' });
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
