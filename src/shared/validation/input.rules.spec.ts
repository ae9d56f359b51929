import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { installValidation } from './install-validation';
import { keysOf } from './validation.test-helpers';

describe('keyword trim', () => {
  const schema = {
    type: 'object',
    properties: { name: { type: 'string', trim: true, maxLength: 5, format: 'digits' } },
  };

  it('trims before the length and format checks on the server', () => {
    const validate = installValidation(new Ajv()).compile(schema);
    const data = { name: '  12345  ' };
    expect(validate(data)).toBe(true);
    expect(data.name).toBe('12345');
  });

  it('leaves browser form data untouched', () => {
    const validate = installValidation(new Ajv(), { modifyData: false }).compile(schema);
    const data = { name: '123 ' };
    expect(validate(data)).toBe(false);
    expect(data.name).toBe('123 ');
  });

  it('makes a blank-only required text count as empty with minLength 1', () => {
    expect(keysOf({ type: 'string', trim: true, minLength: 1 }, '   ')).toEqual(['validation.required']);
  });
});

describe('keyword requiredCheckbox', () => {
  const schema = {
    type: 'object',
    properties: { privacyPolicyAccepted: { type: 'boolean', requiredCheckbox: true } },
    required: ['privacyPolicyAccepted'],
  };
  it('accepts a ticked box', () => expect(keysOf(schema, { privacyPolicyAccepted: true })).toEqual([]));
  it('rejects an unticked box', () =>
    expect(keysOf(schema, { privacyPolicyAccepted: false })).toEqual(['validation.requiredCheckbox']));
  it('reports a missing box with the checkbox text', () =>
    expect(keysOf(schema, {})).toEqual(['validation.requiredCheckbox']));
});

describe('"already taken" keywords', () => {
  it.each([
    ['unique', 'validation.unique'],
    ['emailNotTaken', 'validation.emailTaken'],
    ['cmsKeyNotTaken', 'validation.cmsKeyTaken'],
    ['onrNumberNotTaken', 'validation.onrNumberTaken'],
  ])('%s rejects a listed value ignoring case and blanks', (keyword, key) => {
    const schema = { type: 'string', [keyword]: ['Anna@Example.com', 'K-100'] };
    expect(keysOf(schema, 'new@example.com')).toEqual([]);
    expect(keysOf(schema, 'anna@example.com')).toEqual([key]);
    expect(keysOf(schema, ' k-100')).toEqual([key]);
  });

  it('unique compares numbers with listed text', () => {
    expect(keysOf({ type: 'integer', unique: ['4711'] }, 4711)).toEqual(['validation.unique']);
  });
});

describe('keyword creditVoucherNumber', () => {
  const schema = { type: 'string', creditVoucherNumber: ['GS-2024-001'] };
  it('accepts a new number of up to 20 characters', () =>
    expect(keysOf(schema, 'GS-2024-000000000002')).toEqual([]));
  it('rejects 21 characters', () =>
    expect(keysOf(schema, 'GS-2024-0000000000002')).toEqual(['validation.creditVoucherNumber']));
  it('rejects a number in use', () =>
    expect(keysOf(schema, 'gs-2024-001')).toEqual(['validation.creditVoucherNumber']));
});

describe('keyword conditionStartUnique', () => {
  const schema = { type: 'string', format: 'date', conditionStartUnique: ['2024-01-01', '2024-07-01'] };
  it('accepts a new start date', () => expect(keysOf(schema, '2024-04-01')).toEqual([]));
  it('rejects a date on which a condition already starts', () =>
    expect(keysOf(schema, '2024-07-01')).toEqual(['validation.conditionStartUnique']));
});
