import { enums } from '../../../generated/enums';

// Server rules read status sets from the enumeration groups of schema/enums/*.yaml, never from
// literals, so the server counts exactly what the client labels.
const groupValues = (enumName: string, group: string): string[] => {
  const values = enums[enumName]?.groups[group]?.values;
  if (!values) throw new Error(`schema/enums/${enumName}.yaml has no group '${group}'`);
  return values.map(String);
};

/**
 * One value of an enumeration, checked against schema/enums when the module loads, so a rule that
 * names a value (the dunning type of a dispute …) fails at start-up, not silently, after a rename.
 *
 * @example enumValue('voucherSubStatus', 'halt') // 'halt'
 */
export function enumValue(enumName: string, value: string): string {
  if (!enums[enumName]?.values.some((v) => v.value === value)) {
    throw new Error(`schema/enums/${enumName}.yaml has no value '${value}'`);
  }
  return value;
}

/** Purchase statuses that count as purchased (sum of purchased invoices, purchased volume). */
export const PURCHASED_STATUSES: readonly string[] = groupValues('purchaseStatus', 'purchased');

/** Voucher types that are invoices (invoice volumes and a debtor's last invoices count only these). */
export const INVOICE_TYPES: readonly string[] = groupValues('voucherType', 'invoiceLike');

/**
 * Voucher list states that are open, and those a settled voucher takes, in every product's family:
 * `open` in most products, `tpf_in_review`/`tpf_accepted` in TPF (issue 28 item 11: TPF's dashboard
 * counted no open orders because it asked for `open` only).
 */
export const OPEN_VOUCHER_STATUSES: readonly string[] = groupValues('voucherStatus', 'open');
export const CLOSED_VOUCHER_STATUSES: readonly string[] = groupValues('voucherStatus', 'closed');

/** Debtor and location statuses that count as active (reactivated is shown as active, document 1 §4). */
export const ACTIVE_DEBTOR_STATUSES: readonly string[] = groupValues('debtorStatus', 'active');

/**
 * Permanent-debt statuses that make a debtor "have active permanent debts": every one not ended — a
 * created one debits from its start date as an active one does, so it needs the SEPA mandate and
 * keeps the debtor active just the same (issue 25 item 2).
 */
export const ACTIVE_PERMANENT_DEBT_STATUSES: readonly string[] = [
  ...groupValues('permanentDebtStatus', 'created'),
  ...groupValues('permanentDebtStatus', 'active'),
];

/**
 * Expands filter values of a status enumeration through its groups: selecting `active` also
 * selects `reactivated`, which the client shows as active (document 1 §4).
 *
 * @example
 * expandStatusFilter('debtorStatus', ['active']); // → ['active', 'reactivated']
 */
export function expandStatusFilter(enumName: string, selected: readonly string[]): string[] {
  const groups = enums[enumName]?.groups ?? {};
  return [...new Set(selected.flatMap((value) => groups[value]?.values.map(String) ?? [value]))];
}
