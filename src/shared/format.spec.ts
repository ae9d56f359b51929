import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, formatMoney, formatPercent, toDate } from './format';

describe('formatMoney', () => {
  it('shows cents as German euros with thousands separator', () => {
    expect(formatMoney(123456)).toBe('1.234,56 €');
    expect(formatMoney(100000000)).toBe('1.000.000,00 €');
    expect(formatMoney(0)).toBe('0,00 €');
    expect(formatMoney(5)).toBe('0,05 €');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatMoney(-123456)).toBe('-1.234,56 €');
  });

  it('gives an empty text for missing values', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
  });
});

describe('formatPercent', () => {
  it('uses a decimal comma and at most two decimals', () => {
    expect(formatPercent(12.5)).toBe('12,5 %');
    expect(formatPercent(100)).toBe('100 %');
    expect(formatPercent(4.56789)).toBe('4,57 %');
    expect(formatPercent(null)).toBe('');
  });
});

describe('formatDate', () => {
  it('formats calendar dates without time-zone drift', () => {
    expect(formatDate('2024-03-09')).toBe('09.03.2024');
    expect(formatDate('2024-12-31')).toBe('31.12.2024');
  });

  it('treats numbers as epoch seconds', () => {
    const seconds = new Date(2023, 0, 5, 12, 0).getTime() / 1000;
    expect(formatDate(seconds)).toBe('05.01.2023');
    expect(formatDate(String(seconds))).toBe('05.01.2023');
  });

  it('gives an empty text for missing or broken input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(toDate(Number.NaN)).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('adds hours and minutes in local time', () => {
    const seconds = new Date(2023, 6, 1, 8, 5).getTime() / 1000;
    expect(formatDateTime(seconds)).toBe('01.07.2023 08:05');
  });
});

describe('formatFileSize', () => {
  it('writes bytes, KB and MB the German way', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(3_200_000)).toBe('3,1 MB');
  });
});
