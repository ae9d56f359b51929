import { describe, expect, it } from 'vitest';
import { taxParts } from '../../export/datev/datev-export';
import { splitGross, type StoredVat, vatTreatmentOf } from './voucher-vat';

const s = (rate: number, base: number, tax: number): StoredVat => ({ category: 'S', rate, base, tax });
const MIXED = [s(19, 10_000, 1_900), s(7, 5_000, 350)];

describe('splitGross', () => {
  it('gives the invoice its own gross per rate and a part of it the same proportions, summing exactly', () => {
    expect(splitGross(17_250, MIXED)?.map((p) => p.gross)).toEqual([11_900, 5_350]);
    expect(splitGross(8_625, MIXED)?.map((p) => p.gross)).toEqual([5_950, 2_675]);
    for (const gross of [1, 2, 3, 999, 12_345, -4_321]) {
      const parts = splitGross(gross, [s(19, 3_333, 633), s(7, 3_333, 233), { category: 'E', rate: 0, base: 3_333, tax: 0 }]) ?? [];
      expect(parts.reduce((sum, p) => sum + p.gross, 0), String(gross)).toBe(gross);
    }
  });

  it('leaves out rates whose share is zero and answers null without a breakdown', () => {
    expect(splitGross(1, MIXED)).toEqual([{ vat: MIXED[0], gross: 1 }]);
    expect(splitGross(100, null)).toBeNull();
    expect(splitGross(100, [])).toBeNull();
  });
});

describe('vatTreatmentOf', () => {
  it('keeps the reason read and gives exempt categories a German one when none was read', () => {
    expect(vatTreatmentOf(s(7, 1, 0))).toEqual({ category: 'S', rate: 7 });
    expect(vatTreatmentOf({ category: 'E', rate: 0, base: 1, tax: 0, exemptionReason: '§ 4 Nr. 12 UStG' }).exemptionReason).toBe('§ 4 Nr. 12 UStG');
    expect(vatTreatmentOf({ category: 'AE', rate: 0, base: 1, tax: 0 }).exemptionReason).toBe('Steuerschuldnerschaft des Leistungsempfängers');
  });
});

describe('taxParts (DATEV)', () => {
  it('books one line per rate with its BU key, an invoice’s credit by the invoice’s rates, a payment without key', () => {
    expect(taxParts(true, 17_250, { vat: null, vatBreakdown: MIXED, parentVatBreakdown: null })).toEqual([
      { cents: 11_900, taxKey: '3' },
      { cents: 5_350, taxKey: '2' },
    ]);
    expect(taxParts(true, 8_625, { vat: null, vatBreakdown: null, parentVatBreakdown: MIXED })).toEqual([
      { cents: 5_950, taxKey: '3' },
      { cents: 2_675, taxKey: '2' },
    ]);
    expect(taxParts(true, 500, { vat: null, vatBreakdown: [{ category: 'AE', rate: 0, base: 500, tax: 0 }], parentVatBreakdown: null })).toEqual([{ cents: 500, taxKey: '' }]);
    expect(taxParts(true, 10_700, { vat: 7, vatBreakdown: null, parentVatBreakdown: null })).toEqual([{ cents: 10_700, taxKey: '2' }]);
    expect(taxParts(true, 11_900, undefined)).toEqual([{ cents: 11_900, taxKey: '3' }]);
    expect(taxParts(false, 11_900, { vat: null, vatBreakdown: MIXED, parentVatBreakdown: null })).toEqual([{ cents: 11_900, taxKey: '' }]);
  });
});
