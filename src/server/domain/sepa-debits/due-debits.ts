import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { enumValue } from '../../services/status-groups';
import { isSepaIdentifier } from './epc-charset';
import { earliestCollectionDate, type SequenceType, targetDayOnOrAfter } from './target-calendar';

/**
 * The direct debits due (README "Which debits are due"): every processed, open invoice with an
 * open amount — recurring invoices of permanent debts and ordinary invoices alike — of a debtor who
 * pays by SEPA mandate (IBAN, mandate reference and signature date present, the mandate neither
 * expired nor flagged by an MD01 return), not in a dispute, dunning stop, delay or deferral, and
 * never put in a file before (a returned debit is not collected again by itself: the creditor
 * decides in the work queue).
 *
 * Each gets its sequence type and collection date: FRST while the mandate has no submitted debit,
 * FNAL for the last invoice of an ended permanent debt when the mandate has nothing else running or
 * due, RCUR otherwise; collected on its due date (payment deadline, else voucher date) or, when that
 * is too close or past, on the earliest date the lead time allows.
 */
export interface DueDebit {
  voucherId: number;
  creditorId: number;
  debtorId: number;
  debtorName: string;
  debtorIban: string;
  mandateReference: string;
  mandateDate: string;
  /** cents: the open amount */
  amount: number;
  dueDate: string;
  /** what the remittance information names: the official voucher number, else the own number */
  number: string;
  sequenceType: SequenceType;
  collectionDate: string;
}

const OPEN = enumValue('voucherStatus', 'open');
const COLLECTED_TYPES = [enumValue('voucherType', 'invoice'), enumValue('voucherType', 'permanent_debt')];
const DIRECT_DEBIT = enumValue('paymentMethod', 'direct_debit_mandate');
/** a debtor who disputes, or a voucher whose collection is held, is not debited */
const HELD_SUB_STATUSES = ['customer_complaint', 'halt', 'delayed', 'deferred_payment'].map((v) =>
  enumValue('voucherSubStatus', v),
);
const ENDED_PERMANENT_DEBT = ['stopped', 'expired'].map((v) => enumValue('permanentDebtStatus', v));
const RUNNING_PERMANENT_DEBT = ['created', 'active'].map((v) => enumValue('permanentDebtStatus', v));
const SUBMITTED = enumValue('sepaDebitStatus', 'submitted');

export interface DueDebitScope {
  today: string;
  creditorId?: number;
  /** a product administrator's product */
  product?: string | null;
}

/** The due debits of a scope, ordered by creditor, collection date, debtor and voucher. */
export async function dueDebits(db: Kysely<Database>, scope: DueDebitScope): Promise<DueDebit[]> {
  let query = db
    .selectFrom('voucher as v')
    .innerJoin('debtor as d', 'd.id', 'v.debtorId')
    .innerJoin('creditor as c', 'c.id', 'v.creditorId')
    .leftJoin('permanentDebt as p', 'p.id', 'v.permanentDebtId')
    .select([
      'v.id as voucherId',
      'v.creditorId',
      'v.debtorId',
      'd.name as debtorName',
      'd.sepaIban',
      'd.sepaReferenceNumber',
      'd.sepaDate',
      'v.leftoverAmount',
      'v.paymentDeadline',
      'v.voucherDate',
      'v.officialVoucherNumber',
      'v.customNumber',
      'v.permanentDebtId',
      'v.permanentDebtPeriod',
      'p.status as permanentDebtStatus',
    ])
    .select((eb) => [
      // the permanent debt's last invoice so far
      eb
        .not(
          eb.exists(
            eb
              .selectFrom('voucher as later')
              .select(sql`1`.as('one'))
              .whereRef('later.permanentDebtId', '=', 'v.permanentDebtId')
              .whereRef('later.permanentDebtPeriod', '>', 'v.permanentDebtPeriod'),
          ),
        )
        .as('lastOfPermanentDebt'),
      // another running permanent debt of the debtor keeps the mandate in use
      eb
        .exists(
          eb
            .selectFrom('permanentDebt as other')
            .select(sql`1`.as('one'))
            .whereRef('other.debtorId', '=', 'v.debtorId')
            .where('other.status', 'in', RUNNING_PERMANENT_DEBT),
        )
        .as('debtorHasRunningPermanentDebt'),
    ])
    .where('v.status', '=', OPEN)
    .where('v.type', 'in', COLLECTED_TYPES)
    .where('v.leftoverAmount', '>', 0)
    .where('v.debtorId', 'is not', null)
    .where((eb) => eb.or([eb('v.officialVoucherNumber', 'is not', null), eb('v.permanentDebtId', 'is not', null)]))
    .where((eb) => eb.or([eb('v.subStatus', 'is', null), eb('v.subStatus', 'not in', HELD_SUB_STATUSES)]))
    .where('d.paymentMethod', '=', DIRECT_DEBIT)
    .where('d.sepaIban', 'is not', null)
    .where('d.sepaReferenceNumber', 'is not', null)
    .where('d.sepaDate', 'is not', null)
    .where('d.sepaMandateFlaggedAt', 'is', null)
    .where((eb) => eb.or([eb('d.sepaExpiredDate', 'is', null), eb('d.sepaExpiredDate', '>', scope.today)]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sepaDebit as s').select(sql`1`.as('one')).whereRef('s.voucherId', '=', 'v.id'))),
    );
  if (scope.creditorId !== undefined) query = query.where('v.creditorId', '=', scope.creditorId);
  if (scope.product) query = query.where('c.product', '=', scope.product);
  const rows = await query.orderBy('v.creditorId').orderBy('v.debtorId').orderBy('v.id').execute();

  const submittedMandates = await mandatesInUse(db, scope);
  const dueByMandate = new Map<string, number>();
  const key = (creditorId: number, debtorId: number, reference: string) => `${creditorId}/${debtorId}/${reference}`;
  for (const row of rows) {
    const k = key(row.creditorId, row.debtorId!, row.sepaReferenceNumber!);
    dueByMandate.set(k, (dueByMandate.get(k) ?? 0) + 1);
  }

  const debits: DueDebit[] = [];
  for (const row of rows) {
    const mandate = key(row.creditorId, row.debtorId!, row.sepaReferenceNumber!);
    if (!isSepaIdentifier(row.sepaReferenceNumber!)) continue; // not a mandate id a bank accepts
    const first = !submittedMandates.has(mandate);
    const final =
      !first &&
      row.permanentDebtId !== null &&
      ENDED_PERMANENT_DEBT.includes(row.permanentDebtStatus ?? '') &&
      Boolean(row.lastOfPermanentDebt) &&
      !row.debtorHasRunningPermanentDebt &&
      dueByMandate.get(mandate) === 1;
    const sequenceType: SequenceType = first ? 'FRST' : final ? 'FNAL' : 'RCUR';
    const dueDate = (row.paymentDeadline ?? row.voucherDate)!;
    const earliest = earliestCollectionDate(scope.today, sequenceType);
    const onDue = targetDayOnOrAfter(dueDate);
    debits.push({
      voucherId: row.voucherId,
      creditorId: row.creditorId,
      debtorId: row.debtorId!,
      debtorName: row.debtorName,
      debtorIban: row.sepaIban!,
      mandateReference: row.sepaReferenceNumber!,
      mandateDate: row.sepaDate!,
      amount: Number(row.leftoverAmount),
      dueDate,
      number: row.officialVoucherNumber ?? row.customNumber ?? String(row.voucherId),
      sequenceType,
      collectionDate: [onDue, earliest].sort()[1],
    });
  }
  return debits.sort(
    (a, b) =>
      a.creditorId - b.creditorId ||
      a.collectionDate.localeCompare(b.collectionDate) ||
      a.debtorId - b.debtorId ||
      a.voucherId - b.voucherId,
  );
}

/** The mandates (creditor/debtor/reference) that have a submitted debit: their next one is RCUR. */
async function mandatesInUse(db: Kysely<Database>, scope: DueDebitScope): Promise<Set<string>> {
  let query = db
    .selectFrom('sepaDebit as s')
    .innerJoin('creditor as c', 'c.id', 's.creditorId')
    .select(['s.creditorId', 's.debtorId', 's.mandateReference'])
    .distinct()
    .where('s.status', '=', SUBMITTED);
  if (scope.creditorId !== undefined) query = query.where('s.creditorId', '=', scope.creditorId);
  if (scope.product) query = query.where('c.product', '=', scope.product);
  const rows = await query.execute();
  return new Set(rows.map((r) => `${r.creditorId}/${r.debtorId}/${r.mandateReference}`));
}
