import { describe, expect, it } from 'vitest';
import { enums } from '../../../generated/enums';
import { reasonCodeEnum } from './reason-codes';

describe('reasonCodeEnum', () => {
  it("chooses the enumeration by the debtor's type", () => {
    expect(reasonCodeEnum('limitReasonCode', 'business')).toBe('limitReasonCodeBusiness');
    expect(reasonCodeEnum('limitReasonCode', 'customer')).toBe('limitReasonCodeCustomer');
    expect(reasonCodeEnum('solvencyReasonCode', 'customer')).toBe('solvencyReasonCodeCustomer');
    expect(reasonCodeEnum('solvencyReasonCode', undefined)).toBe('solvencyReasonCodeBusiness');
  });

  it('names enumerations that hold the codes of document 1 §8', () => {
    const values = (name: string) => enums[name].values.map((v) => v.value);
    expect(values(reasonCodeEnum('limitReasonCode', 'customer'))).toContain('ID_3');
    expect(values(reasonCodeEnum('solvencyReasonCode', 'business'))).toContain('ID_8');
  });
});
