import { enums } from '../../../generated/enums';

/**
 * The enumeration of a reason code, which depends on the debtor's type (document 1 §8): limit codes
 * of an ident check (`limitReasonCodeBusiness` / `…Customer`), codes of a solvency check
 * (`solvencyReasonCode…`). A business when the type is unknown.
 *
 * @example reasonCodeEnum('solvencyReasonCode', 'customer') // 'solvencyReasonCodeCustomer'
 */
export function reasonCodeEnum(kind: 'limitReasonCode' | 'solvencyReasonCode', debtorType: unknown): string {
  const type = debtorType === 'customer' ? 'Customer' : 'Business';
  const name = `${kind}${type}`;
  if (!enums[name]) throw new Error(`generated/enums.ts has no enumeration '${name}'`);
  return name;
}
