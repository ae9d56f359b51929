import { describe, expect, it } from 'vitest';
import { createRjsfLocalizer, errorPath, toValidationMessage } from './validation.messages';

describe('toValidationMessage', () => {
  it('maps our keywords with German placeholders', () => {
    expect(toValidationMessage({ keyword: 'moneyAtLeast', params: { limit: 1000 } })).toEqual({
      key: 'validation.atLeast',
      params: { amount: '10,00 €' },
    });
    expect(toValidationMessage({ keyword: 'dateMin', params: { limit: '2024-03-09' } })).toEqual({
      key: 'validation.dateMin',
      params: { date: '09.03.2024' },
    });
  });

  it('maps formats by their name, ajv-formats ones it does not know to the fallback', () => {
    expect(toValidationMessage({ keyword: 'format', params: { format: 'iban' } }).key).toBe(
      'validation.iban',
    );
    expect(toValidationMessage({ keyword: 'format', params: { format: 'uri' } }).key).toBe(
      'validation.invalid',
    );
  });

  it("maps ajv's own keywords", () => {
    expect(toValidationMessage({ keyword: 'required', params: { missingProperty: 'name' } })).toEqual({
      key: 'validation.required',
      params: {},
    });
    expect(toValidationMessage({ keyword: 'maxLength', params: { limit: 20 } })).toEqual({
      key: 'validation.maxLength',
      params: { max: 20 },
    });
    expect(toValidationMessage({ keyword: 'minLength', params: { limit: 1 } }).key).toBe(
      'validation.required',
    );
    expect(toValidationMessage({ keyword: 'minimum', params: { limit: 1.5 } })).toEqual({
      key: 'validation.numberAtLeast',
      params: { min: '1,5' },
    });
    expect(toValidationMessage({ keyword: 'type', params: { type: 'integer' } }).key).toBe(
      'validation.numberInvalid',
    );
    expect(toValidationMessage({ keyword: 'type', params: { type: 'object' } }).key).toBe(
      'validation.invalid',
    );
    expect(toValidationMessage({ keyword: 'enum', params: {} }).key).toBe('validation.invalid');
  });

  it('accepts rjsf errors (name instead of keyword, quoted property)', () => {
    const parentSchema = { properties: { terms: { type: 'boolean', requiredCheckbox: true } } };
    expect(
      toValidationMessage({ name: 'required', params: { missingProperty: "'terms'" }, parentSchema }).key,
    ).toBe('validation.requiredCheckbox');
  });
});

describe('errorPath', () => {
  it('names the missing property of a required error', () => {
    expect(
      errorPath({ keyword: 'required', instancePath: '/company', params: { missingProperty: 'zip' } }),
    ).toBe('/company/zip');
    expect(errorPath({ keyword: 'format', instancePath: '/sepa/iban', params: { format: 'iban' } })).toBe(
      '/sepa/iban',
    );
    expect(errorPath({ name: 'format', property: '.sepa.iban' })).toBe('/sepa/iban');
    expect(errorPath({ name: 'fileTypes', property: '.files[1]' })).toBe('/files/1');
    expect(errorPath({ name: 'required', property: 'terms', params: { missingProperty: "'terms'" } })).toBe(
      '/terms',
    );
  });
});

describe('createRjsfLocalizer', () => {
  it('writes the translated text into each error', () => {
    const errors = [{ keyword: 'moneyAtMost', params: { limit: 500 }, message: 'must pass' }];
    createRjsfLocalizer((key, params) => `${key}(${JSON.stringify(params)})`)(errors);
    expect(errors[0].message).toBe('validation.atMost({"amount":"5,00 €"})');
  });
});
