import { readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { installValidation, KEYWORD_RULES } from './install-validation';
import { FORMAT_RULES } from './format.rules';
import { BUILTIN_RULES } from './validation.messages';
import { field } from './validation.test-helpers';

const read = (path: string) => parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const declared: Record<string, { kind: string; param?: string; message: string }> = read(
  '../../../schema/validation.yaml',
).rules;
const texts: Record<string, { de?: unknown; en?: unknown }> = read('../../../schema/texts/validation.yaml');
const textOf = (key: string) => texts[key.replace(/^validation\./, '')];
const placeholders = (text: unknown) => [...String(text).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

const installed = installValidation(new Ajv());
const bare = new Ajv();

describe('schema/validation.yaml ↔ src/shared/validation', () => {
  it('implements every declared rule with the declared message and parameter type', () => {
    for (const [name, rule] of Object.entries(declared)) {
      const format = FORMAT_RULES.find((f) => f.name === name);
      const keyword = KEYWORD_RULES.find((k) => k.name === name);
      const builtin = BUILTIN_RULES.find((b) => b.name === name);
      if (rule.kind === 'format') {
        expect(format?.message, name).toBe(rule.message);
        expect(installed.formats[name], name).toBeDefined();
      } else if (keyword) {
        expect(keyword.message, name).toBe(rule.message);
        expect(keyword.param.type, name).toBe(rule.param);
        expect(installed.getKeyword(name), name).toBeTruthy();
      } else {
        expect(bare.getKeyword(name), `${name} is neither ours nor ajv's`).toBeTruthy();
        expect(builtin?.message, name).toBe(rule.message);
      }
    }
  });

  it('declares every implemented rule', () => {
    for (const { name } of FORMAT_RULES) expect(declared[name]?.kind, name).toBe('format');
    for (const { name } of [...KEYWORD_RULES, ...BUILTIN_RULES])
      expect(declared[name]?.kind, name).toBe('keyword');
  });

  it('has a German and an English text for every message key, with the same placeholders', () => {
    for (const [name, rule] of Object.entries(declared)) {
      const text = textOf(rule.message);
      expect(typeof text?.de, `${name}: ${rule.message}`).toBe('string');
      expect(typeof text?.en, `${name}: ${rule.message}`).toBe('string');
      expect(placeholders(text?.en), rule.message).toEqual(placeholders(text?.de));
    }
  });

  it('has a text for every message key written in the code', () => {
    const dir = new URL('.', import.meta.url);
    const source = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
      .map((f) => readFileSync(new URL(f, dir), 'utf8'))
      .join('\n');
    const keys = new Set([...source.matchAll(/'(validation\.\w+)'/g)].map((m) => m[1]));
    expect(keys.size).toBeGreaterThan(30);
    for (const key of keys) expect(typeof textOf(key)?.de, key).toBe('string');
  });
});

const pdf = `data:application/pdf;name=r.pdf;base64,${btoa('%PDF-1.7')}`;

/** An invalid value per rule: [schema of the field, value, siblings]. */
const SAMPLES: Record<string, [Record<string, unknown>, unknown, Record<string, unknown>?]> = {
  required: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, {}],
  minLength: [{ type: 'string', minLength: 3 }, 'ab'],
  maxLength: [{ type: 'string', maxLength: 3 }, 'abcd'],
  minimum: [{ type: 'number', minimum: 1 }, 0],
  maximum: [{ type: 'number', maximum: 1 }, 2],
  exclusiveMinimum: [{ type: 'number', exclusiveMinimum: 1 }, 1],
  exclusiveMaximum: [{ type: 'number', exclusiveMaximum: 1 }, 1],
  digits: [{ type: 'string', format: 'digits' }, '1a'],
  email: [{ type: 'string', format: 'email' }, 'a@123.45'],
  phone: [{ type: 'string', format: 'phone' }, '+49 (30)'],
  vatId: [{ type: 'string', format: 'vatId' }, 'DE12345678'],
  leitwegId: [{ type: 'string', format: 'leitwegId' }, '991-33333TEST-34'],
  creditorIdentifier: [{ type: 'string', format: 'creditorIdentifier' }, 'DE99ZZZ09999999999'],
  intermediaryNumber: [{ type: 'string', format: 'intermediaryNumber' }, '12345'],
  unique: [{ type: 'string', unique: ['a'] }, 'a'],
  emailNotTaken: [{ type: 'string', emailNotTaken: ['a@b.de'] }, 'a@b.de'],
  cmsKeyNotTaken: [{ type: 'string', cmsKeyNotTaken: ['1'] }, '1'],
  onrNumberNotTaken: [{ type: 'string', onrNumberNotTaken: ['1'] }, '1'],
  creditVoucherNumber: [{ type: 'string', creditVoucherNumber: [] }, 'x'.repeat(21)],
  requiredCheckbox: [{ type: 'boolean', requiredCheckbox: true }, false],
  notBlank: [{ type: 'string', notBlank: true }, '   '],
  password: [{ type: 'string', format: 'password' }, 'kurz'],
  passwordDiffersFrom: [{ type: 'string', passwordDiffersFrom: 'old' }, 'A1!aaaaa', { old: 'A1!aaaaa' }],
  passwordRepeat: [{ type: 'string', passwordRepeat: 'pw' }, 'a', { pw: 'b' }],
  iban: [{ type: 'string', format: 'iban' }, 'DE00'],
  germanMoney: [{ type: 'string', format: 'germanMoney' }, '1.234,567'],
  moneyGreaterThan: [{ type: 'integer', moneyGreaterThan: 0 }, 0],
  moneyAtLeast: [{ type: 'integer', moneyAtLeast: 100 }, 99],
  moneyAtMost: [{ type: 'integer', moneyAtMost: 100 }, 101],
  positive: [{ type: 'number', positive: true }, 0],
  percent: [{ type: 'string', percent: true }, '100,5'],
  serviceFeeShare: [{ type: 'number', serviceFeeShare: true }, 101],
  onlineTurnoverRateMax: [{ type: 'number', onlineTurnoverRateMax: 25 }, 26],
  factorableTurnover: [{ type: 'integer', factorableTurnover: {} }, 1],
  creditorLimitMax: [{ type: 'integer', creditorLimitMax: 75_000_000 }, 75_000_001],
  desiredLimit: [{ type: 'integer', desiredLimit: true }, 0],
  date: [{ type: 'string', format: 'date' }, '2024-02-30'],
  germanDate: [{ type: 'string', format: 'germanDate' }, '31.02.2024'],
  dateMin: [{ type: 'string', dateMin: 'today' }, '2000-01-01'],
  dateMax: [{ type: 'string', dateMax: 'today' }, '2100-01-01'],
  dateOnlyFrom: [{ type: 'string', dateOnlyFrom: 'today+1d' }, '2000-01-01'],
  dateOnlyUntil: [{ type: 'string', dateOnlyUntil: 'today-1d' }, '2100-01-01'],
  maxPastMonths: [{ type: 'string', maxPastMonths: 3 }, '2000-01-01'],
  foundingMinMonths: [{ type: 'string', foundingMinMonths: 6 }, '2100-01-01'],
  conditionStartUnique: [{ type: 'string', conditionStartUnique: ['2024-01-01'] }, '2024-01-01'],
  fileTypes: [{ type: 'string', fileTypes: ['xml'] }, pdf],
  fileMaxBytes: [{ type: 'string', fileMaxBytes: 1 }, pdf],
  fileNotEmpty: [{ type: 'string', fileNotEmpty: true }, 'data:application/pdf;name=r.pdf;base64,'],
  fileCountMin: [{ type: 'array', fileCountMin: 1 }, []],
  fileCountMax: [{ type: 'array', fileCountMax: 1 }, [pdf, pdf]],
};

describe('every rule end to end: invalid value → its message with every placeholder filled', () => {
  it('has a sample for every rule except trim, which never fails', () => {
    expect(Object.keys(declared).filter((name) => !SAMPLES[name])).toEqual(['trim']);
  });

  it.each(Object.entries(SAMPLES))('%s', (name, [schema, value, siblings]) => {
    const messages = field(schema)(value, siblings);
    expect(messages.map((m) => m.key)).toEqual([declared[name].message]);
    const text = textOf(declared[name].message);
    expect(Object.keys(messages[0].params).sort()).toEqual(placeholders(text?.de));
  });
});
