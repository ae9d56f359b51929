import { describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';
import { changePasswordForm } from '../../../generated/forms/change-password';
import { uploadVoucherForm } from '../../../generated/forms/upload-voucher';
import de from '../../../generated/i18n/de.json';
import { createRjsfLocalizer } from '../../shared/validation';
import { dropHidden, initialData, visibleFields, visibleSchema } from './form-schema';
import { FormValidator } from './form-validator';

const german = (key: string, params: Record<string, string | number> = {}) => {
  const text = key.split('.').reduce<any>((node, part) => node?.[part], de);
  return String(text ?? key).replace(/%\{(\w+)\}/g, (_, name) => String(params[name]));
};
// The validator the dialog builds (use-form-validator.ts), with the German catalogue.
const validator = new FormValidator(createRjsfLocalizer(german));

const messagesOf = (form: (typeof forms)[string], data: Record<string, unknown>) => {
  const visible = visibleFields(form, data);
  const { errors } = validator.validateFormData(
    dropHidden(data, visible),
    visibleSchema(form, visible) as never,
  );
  // `if`/`then` failures are left out as the dialog leaves them out (the field's `required` shows).
  return errors
    .filter((error) => error.name !== 'if')
    .map((error) => [error.property?.replace(/^\./, ''), error.message]);
};

describe('every generated form in the browser validator', () => {
  it.each(Object.keys(forms))('%s compiles and validates its start data', (name) => {
    const form = forms[name];
    const data = initialData(form);
    const visible = visibleFields(form, data);
    const result = validator.validateFormData(data, visibleSchema(form, visible) as never);
    // No schema error: every keyword and format of the YAML is known to the shared rules.
    expect(result.errors.filter((error) => !error.property && error.name !== 'if')).toEqual([]);
  });
});

describe('German messages of the form rules', () => {
  it('names the password policy and the repetition', () => {
    const messages = messagesOf(changePasswordForm, {
      oldPassword: 'Alt1234!',
      password: 'kurz',
      passwordRepeat: 'anders',
    });
    expect(messages).toContainEqual(['password', german('validation.passwordPolicy')]);
    expect(messages).toContainEqual(['passwordRepeat', german('validation.passwordRepeatMismatch')]);
  });

  it('requires the file field that shows and checks the file type by content', () => {
    const missing = messagesOf(uploadVoucherForm, { voucherType: 'credit_advice', deliveryType: 'post' });
    expect(missing).toEqual([['files', german('validation.required')]]);
    const xml = `data:text/xml;name=x.xml;base64,${btoa('<?xml version="1.0"?><a/>')}`;
    const wrong = messagesOf(uploadVoucherForm, {
      voucherType: 'credit_advice',
      deliveryType: 'post',
      files: [xml],
    });
    expect(wrong).toContainEqual(['files.0', german('validation.fileTypeNotAllowed', { types: 'PDF' })]);
    const fine = messagesOf(uploadVoucherForm, {
      voucherType: 'invoice',
      deliveryType: 'post',
      invoiceFiles: [xml],
    });
    expect(fine).toEqual([]);
  });
});
