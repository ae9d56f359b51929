import { describe, expect, it } from 'vitest';
import { isValidIban, normalizeIban } from './iban.format';
import { isValidEmail, isValidVatId, normalizeVatId } from './string.formats';
import { keysOf } from './validation.test-helpers';

const format = (name: string) => (value: string) => keysOf({ type: 'string', format: name }, value);

describe('format digits', () => {
  const check = format('digits');
  it.each(['0', '0123', '4711'])('accepts %s', (v) => expect(check(v)).toEqual([]));
  it.each(['', '12a', '1 2', '-1', '1,5', '١٢'])('rejects %j', (v) =>
    expect(check(v)).toEqual(['validation.digits']),
  );
});

describe('format email', () => {
  const check = format('email');
  const local64 = 'a'.repeat(64);
  const local65 = 'a'.repeat(65);

  it.each([
    'anna.schmidt@example.com',
    'info+rechnung@mueller-bau.de',
    'anna@müller.de',
    `${local64}@example.com`,
    "o'brien@example.co.uk",
  ])('accepts %s', (v) => expect(check(v)).toEqual([]));

  it.each([
    [`${local65}@example.com`, 'local part of 65 characters'],
    ['anna@123.45', 'domain of only digits and dots'],
    ['anna@1.2.3.4', 'IP address as domain'],
    ['anna@example', 'domain without a dot'],
    ['anna@example.123', 'numeric top-level domain'],
    ['anna@@example.com', 'two @'],
    ['.anna@example.com', 'leading dot'],
    ['an..na@example.com', 'doubled dot'],
    ['anna@-example.com', 'label starting with a hyphen'],
    ['anna schmidt@example.com', 'blank in the local part'],
    ['@example.com', 'no local part'],
    ['anna@', 'no domain'],
    [' anna@example.com', 'surrounding blank (trim runs before)'],
  ])('rejects %s (%s)', (v) => expect(check(v)).toEqual(['validation.email']));

  it('is the same check as isValidEmail', () => {
    expect(isValidEmail(`${local64}@example.com`)).toBe(true);
    expect(isValidEmail(`${local65}@example.com`)).toBe(false);
  });
});

describe('format phone', () => {
  const check = format('phone');
  it.each(['+49 30 1234567', '030/1234567', '0171-1234567', '+49 30 / 123-45', '110'])('accepts %s', (v) =>
    expect(check(v)).toEqual([]),
  );
  it.each([
    ['+49 (30) 1234567', 'parentheses'],
    ['+49 (30)', 'parentheses'],
    ['0049+30', '+ not leading'],
    ['++49 30', 'two +'],
    ['+', 'no digit'],
    ['030 123 ext. 4', 'letters'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => expect(check(v)).toEqual(['validation.phone']));
});

describe('format iban', () => {
  const check = format('iban');
  it.each([
    'DE89370400440532013000',
    'DE89 3704 0044 0532 0130 00',
    'de89 3704 0044 0532 0130 00',
    'AT611904300234573201',
    'AT61 1904 3002 3457 3201',
    'NL91ABNA0417164300',
    'CH9300762011623852957',
  ])('accepts %s', (v) => expect(check(v)).toEqual([]));

  it.each([
    ['DE89370400440532013001', 'wrong checksum'],
    ['DE8937040044053201300', 'too short'],
    ['XX89370400440532013000', 'unknown country'],
    ['BR1500000000000010932840814P2', 'valid, but outside SEPA'],
    ['AT6119043002345732011', 'Austrian, one digit too many'],
    ['AT611904300234573202', 'Austrian, wrong checksum'],
    ['DE89.3704.0044.0532.0130.00', 'dots'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => expect(check(v)).toEqual(['validation.iban']));

  it('normalises to the electronic form for storage', () => {
    expect(normalizeIban('de89 3704-0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(isValidIban('de89 3704 0044 0532 0130 00')).toBe(true);
  });
});

describe('format vatId', () => {
  const check = format('vatId');
  it.each(['DE123456789', 'de 123 456 789', 'DE-123.456.789', 'ATU12345678', 'NL123456789B01', 'FRXX123456789', 'EL123456789'])(
    'accepts %s',
    (v) => expect(check(v)).toEqual([]),
  );
  it.each([
    ['DE12345678', 'German, 8 digits'],
    ['DE1234567890', 'German, 10 digits'],
    ['DEU23456789', 'German with a letter'],
    ['123456789', 'no country code'],
    ['AT1', 'too short'],
    ['NL1234567890123', 'too long'],
    ['DE/123456789', 'slash'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => expect(check(v)).toEqual(['validation.vatId']));

  it('normalises to the compact upper-case form for storage', () => {
    expect(normalizeVatId('de 123.456-789')).toBe('DE123456789');
    expect(isValidVatId('de 123 456 789')).toBe(true);
  });
});

describe('format intermediaryNumber', () => {
  const check = format('intermediaryNumber');
  it('accepts exactly 6 digits', () => expect(check('012345')).toEqual([]));
  it.each(['12345', '1234567', '12345a', '123 456'])('rejects %s', (v) =>
    expect(check(v)).toEqual(['validation.intermediaryNumber']),
  );
});

describe('format date (stored yyyy-MM-dd)', () => {
  const check = format('date');
  it.each(['2024-02-29', '1999-12-31'])('accepts %s', (v) => expect(check(v)).toEqual([]));
  it.each(['2023-02-29', '2024-13-01', '01.02.2024', '2024-2-1', ''])('rejects %s', (v) =>
    expect(check(v)).toEqual(['validation.dateInvalid']),
  );
});

describe('format germanDate (raw entry)', () => {
  const check = format('germanDate');
  it.each(['1.2.24', '01.02.2024', '29.02.2024'])('accepts %s', (v) => expect(check(v)).toEqual([]));
  it.each(['31.02.2024', '1.2', 'morgen'])('rejects %s', (v) =>
    expect(check(v)).toEqual(['validation.dateInvalid']),
  );
});

describe('format germanMoney (raw entry)', () => {
  const check = format('germanMoney');
  it.each(['1.234,56', '1.234,5', '12,00', '12', '12 €'])('accepts %s', (v) => expect(check(v)).toEqual([]));
  it.each(['1.234,567', '12.00', '12,', 'zwölf'])('rejects %s', (v) =>
    expect(check(v)).toEqual(['validation.currencyInvalid']),
  );
});
