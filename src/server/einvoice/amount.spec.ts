import { describe, expect, it } from 'vitest';
import { amountToCents } from './amount';

describe('amountToCents', () => {
  it.each([
    ['336.9', 33690],
    ['120', 12000],
    ['0.07', 7],
    ['.5', 50],
    ['5.', 500],
    ['+12.30', 1230],
    ['-12.50', -1250],
    ['-0.00', 0],
    ['  10555.30 ', 1055530],
    ['45.2200', 4522],
    ['0009999999999999.99', 999999999999999],
  ])('%s → %i cents', (value, cents) => {
    expect(amountToCents(value)).toBe(cents);
  });

  it.each([
    '',
    '-',
    '.',
    '12,50',
    '1.234,56',
    '1,234.56',
    '1e3',
    '0x10',
    '12.345',
    'NaN',
    'Infinity',
    '12 50',
    '99999999999999.00',
  ])('refuses %j', (value) => {
    expect(amountToCents(value)).toBeNull();
  });

  it('is exact where floating point is not (0.29 * 100 = 28.999…)', () => {
    expect(amountToCents('0.29')).toBe(29);
    expect(amountToCents('1.13')).toBe(113);
  });
});
