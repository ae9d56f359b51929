import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';
import { paymentDataForm } from '../../../generated/forms/payment-data';
import { installValidation } from '../../shared/validation/install-validation';
import { FORMAT_RULES } from '../../shared/validation/format.rules';
import type * as interpreter from '../../shared/validation/schema-interpreter';
import { LOADED_FORMATS } from '../../shared/validation/schema-interpreter';
import { PLAIN_FORMAT_RULES } from '../../shared/validation/string.formats';
import { FormValidator } from './form-validator';
import { lazyFormats } from '../../../generated/validation';
import { FORMAT_LOADERS, lazyFormatsOf, loadFormatsOf, missingFormats } from './lazy-formats';

/**
 * Issue 32: the browser's forms fetch the `iban` check (ibantools) only for a form with an IBAN
 * field, and such a form is never validated without it; the server keeps the check built in.
 */
const VALID = ['DE89370400440532013000', 'de89 3704 0044 0532 0130 00', 'AT611904300234573201'];
const INVALID = [
  'DE89370400440532013001',
  'DE8937040044053201300',
  'BR1500000000000010932840814P2',
  'DE89-3704-0044-0532-0130-0X',
  'kein',
];
const schema = paymentDataForm.schema as Record<string, any>;
const ibanField = schema.properties.iban;
const client = new FormValidator();
const clientErrors = (iban: string) =>
  (
    client.rawValidation<{ keyword: string; instancePath: string }>(schema, {
      paymentMethod: 'direct_debit_mandate',
      iban,
    }).errors ?? []
  )
    .filter((error) => error.instancePath === '/iban')
    .map((error) => error.keyword);

// the server's ajv: installValidation imports the check statically, nothing to wait for
const server = installValidation(new Ajv({ allErrors: true, strict: false }), { modifyData: false }).compile({
  type: 'object',
  properties: { iban: { type: 'string', format: 'iban' } },
});
const serverErrors = (iban: string) =>
  server({ iban }) ? [] : (server.errors ?? []).map((error) => error.keyword);

describe('the iban check fetched on demand', () => {
  it('has a loader for each format the interpreter does not carry, and the formats together are the server’s', () => {
    // one list: validation.yaml's `lazy` formats, generated; the interpreter's is that list
    expect(LOADED_FORMATS).toBe(lazyFormats);
    expect(LOADED_FORMATS).toContain('iban');
    expect(Object.keys(FORMAT_LOADERS).sort()).toEqual([...LOADED_FORMATS].sort());
    expect([...PLAIN_FORMAT_RULES.map((rule) => rule.name), ...LOADED_FORMATS].sort()).toEqual(
      FORMAT_RULES.map((rule) => rule.name).sort(),
    );
  });

  it('is needed by exactly the forms with an IBAN field (their generated config says which), not by the password forms', () => {
    const withIban = Object.entries(forms)
      .filter(([, form]) => JSON.stringify(form.schema).includes('"format":"iban"'))
      .map(([name]) => name)
      .sort();
    expect(withIban).toEqual(
      expect.arrayContaining(['paymentData', 'requestSepaUpdate', 'editCreditor', 'productApplication']),
    );
    for (const [name, form] of Object.entries(forms)) {
      expect(lazyFormatsOf(form), name).toEqual(withIban.includes(name) ? ['iban'] : []);
      // the fields named are those whose schema has the format
      const ibanFields = Object.entries((form.schema as Record<string, any>).properties)
        .filter(([, field]) => JSON.stringify(field).includes('"format":"iban"'))
        .map(([field]) => field);
      expect(form.lazyFormats?.iban ?? [], name).toEqual(ibanFields);
    }
    for (const name of ['updatePassword', 'changePassword', 'resetPassword', 'passwordReset'])
      if (forms[name]) expect(lazyFormatsOf(forms[name]), name).toEqual([]);
  });

  it('before it has come, the interpreter passes no IBAN, not even a valid one', async () => {
    // an interpreter of its own: the unit project shares modules between spec files, and another
    // one may have loaded the check into the shared one already (form-validator.spec.ts)
    const unloaded = '../../shared/validation/schema-interpreter.ts?unloaded';
    const fresh = (await import(/* @vite-ignore */ unloaded)) as typeof interpreter;
    expect(fresh.hasFormat('iban')).toBe(false);
    for (const iban of [VALID[0], INVALID[0]]) {
      expect(() => fresh.interpretSchema(schema, { iban })).toThrow(/format "iban" is not loaded/);
      expect(() => fresh.isValidBySchema(ibanField, iban, { rootSchema: schema })).toThrow(/not loaded/);
    }
  });

  it('loads once for every form that asks meanwhile (React’s use needs the same promise)', async () => {
    const first = loadFormatsOf(paymentDataForm);
    expect(loadFormatsOf(forms.requestSepaUpdate)).toBe(first);
    await first;
    expect(missingFormats(paymentDataForm)).toEqual([]);
  });

  it.each(VALID)('once loaded the form accepts %s, as the server does', (iban) => {
    expect(serverErrors(iban)).toEqual([]);
    expect(clientErrors(iban)).toEqual([]);
    expect(client.isValid(ibanField, iban, schema)).toBe(true);
  });

  it.each(INVALID)('once loaded the form refuses %s, as the server does', (iban) => {
    expect(serverErrors(iban)).toEqual(['format']);
    expect(clientErrors(iban)).toEqual(['format']);
    expect(client.isValid(ibanField, iban, schema)).toBe(false);
  });
});
