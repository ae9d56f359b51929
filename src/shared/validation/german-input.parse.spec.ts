import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatGermanMoneyInput,
  isValidIsoDate,
  parseGermanDate,
  parseGermanDecimal,
  parseGermanMoney,
  resolveDateBound,
  todayIso,
} from './german-input.parse';

describe('parseGermanDate', () => {
  it.each([
    ['01.02.2024', '2024-02-01'],
    ['1.2.24', '2024-02-01'],
    ['1.2.2024', '2024-02-01'],
    [' 29.02.2024 ', '2024-02-29'],
    ['31.12.99', '2099-12-31'],
    ['2024-02-01', '2024-02-01'],
  ])('%s → %s', (input, iso) => expect(parseGermanDate(input)).toBe(iso));

  it.each([
    ['31.02.2024'],
    ['29.02.2023'],
    ['00.01.2024'],
    ['1.13.2024'],
    ['1.2.024'],
    ['01/02/2024'],
    ['1.2.'],
    ['2024-02-30'],
    [''],
    [null],
    [undefined],
  ])('%s is invalid and yields empty', (input) => expect(parseGermanDate(input)).toBe(''));
});

describe('parseGermanMoney', () => {
  it.each([
    ['1.234,56', 123456],
    ['1.234,5', 123450],
    ['1234,56', 123456],
    ['12,00', 1200],
    ['12', 1200],
    ['0,01', 1],
    ['1.000.000', 100000000],
    ['1.234,56 €', 123456],
    ['1.234,56€', 123456],
    ['  7,5  ', 750],
    ['-5,00', -500],
    ['-0,00', 0],
  ])('%s → %i cents', (input, cents) => expect(parseGermanMoney(input)).toBe(cents));

  it.each([
    ['1.234,567'],
    ['12.00'],
    ['1.23'],
    ['1,234.56'],
    ['12,'],
    [',5'],
    ['1.2345'],
    ['abc'],
    ['1 234,56'],
    ['€ 12'],
    [''],
    [null],
  ])('%s is invalid', (input) => expect(parseGermanMoney(input)).toBeNull());

  it('rejects amounts beyond safe integers instead of rounding them', () => {
    expect(parseGermanMoney('999999999999999999')).toBeNull();
  });
});

describe('parseGermanDecimal', () => {
  it.each([
    ['12,5', 12.5],
    ['100', 100],
    ['100,5', 100.5],
    ['0,125', 0.125],
    ['1.000,5', 1000.5],
  ])('%s → %d', (input, value) => expect(parseGermanDecimal(input)).toBe(value));

  it.each([['12.5'], ['12,'], ['x'], ['']])('%s is invalid', (input) =>
    expect(parseGermanDecimal(input)).toBeNull(),
  );
});

describe('formatGermanMoneyInput', () => {
  it.each([
    [123456, '1.234,56'],
    [123450, '1.234,50'],
    [5, '0,05'],
    [-123456789, '-1.234.567,89'],
    [0, '0,00'],
  ])('%i → %s', (cents, text) => expect(formatGermanMoneyInput(cents)).toBe(text));

  it('gives empty text for no amount', () => {
    expect(formatGermanMoneyInput(null)).toBe('');
    expect(formatGermanMoneyInput(undefined)).toBe('');
    expect(formatGermanMoneyInput(Number.NaN)).toBe('');
  });

  it('round-trips with parseGermanMoney', () => {
    for (const cents of [1, 99, 100, 123456, 100000000]) {
      expect(parseGermanMoney(formatGermanMoneyInput(cents))).toBe(cents);
    }
  });
});

describe('calendar helpers', () => {
  it('validates ISO dates including leap years', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-2-1')).toBe(false);
  });

  it('clamps month arithmetic to the last day of the month', () => {
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-01-15', -6)).toBe('2023-07-15');
    expect(addMonths('2023-12-31', 2)).toBe('2024-02-29');
  });

  it('resolves date bounds relative to today', () => {
    expect(resolveDateBound('today', '2024-05-15')).toBe('2024-05-15');
    expect(resolveDateBound('today+14d', '2024-05-15')).toBe('2024-05-29');
    expect(resolveDateBound('today-3m', '2024-05-15')).toBe('2024-02-15');
    expect(resolveDateBound('2024-01-01', '2024-05-15')).toBe('2024-01-01');
  });

  it("takes today's date in Germany, not the machine's zone", () => {
    expect(todayIso(new Date('2024-05-31T22:30:00Z'))).toBe('2024-06-01');
    expect(todayIso(new Date('2024-12-31T12:00:00Z'))).toBe('2024-12-31');
  });
});
