import type { Faker } from '@faker-js/faker';
import type { NewPermanentDebt, NewVoucher } from '../schema';
import {
  addActionLog,
  addDebtorAssignments,
  addPendingDecisions,
  addSepaRequest,
  type Staff,
  sepaStatusFor,
} from './admin.factory';
import type { IdAllocator } from './bulk-insert';
import { PRODUCTS_WITHOUT_PERMANENT_DEBTS } from './catalog.data';
import {
  addCreditorVouchers,
  addDebtorHistory,
  addNotifications,
  addReminderSettings,
  addWorkQueue,
} from './creditor-area.factory';
import { addContract, buildCreditorRow, buildUsers, type CreditorSpec } from './creditor.factory';
import { buildDebtorGraph, type DebtorGraph } from './debtor.factory';
import { addDebtorProcessLog } from './debtor-process-log.factory';
import { addNotInsurableCases } from './insurability.factory';
import { add, addAll, type CreditorContext, type RowSink, type SeedProfile } from './seed-context';
import { shiftDate } from './seed-random';
import { nextExecutionAfter } from '../../domain/permanent-debts/permanent-debt.rules';
import { addChildVouchers, addUnprocessedVouchers } from './voucher-extras.factory';
import { enrichVoucher } from './voucher-details.factory';

import { enums } from '../../../../generated/enums';

const PERIODS = enums.permanentDebtPeriod.values.map((v) => String(v.value));
// every stored status (`ended` is display-only, schema/enums/permanentDebtStatus.yaml)
const PERMANENT_DEBT_STATUSES = enums.permanentDebtStatus.groups.created.values
  .concat(enums.permanentDebtStatus.groups.active.values, enums.permanentDebtStatus.groups.ended.values)
  .map(String);

/**
 * The creditor's debtors with locations, permanent debts and invoices, drawn from `baseFaker` exactly
 * as the first demo data did (same calls in the same order), so those debtors stay the same.
 */
export function buildBaseGraphs(
  spec: CreditorSpec,
  creditorId: number,
  baseFaker: Faker,
  today: string,
  ids: IdAllocator,
  voucherRange?: { min: number; max: number },
): DebtorGraph[] {
  const context = {
    faker: baseFaker,
    creditorId,
    prefix: spec.prefix,
    today,
    voucherCounter: { next: 1 },
    ids,
    voucherRange,
    withPermanentDebts: !PRODUCTS_WITHOUT_PERMANENT_DEBTS.includes(spec.product),
  };
  return Array.from({ length: spec.debtorCount }, (_, index) => buildDebtorGraph(context, index));
}

export interface CreditorDataOptions {
  spec: CreditorSpec;
  creditorId: number;
  graphs: DebtorGraph[];
  /** the creditor's own faker, already seeded for this creditor */
  f: Faker;
  today: string;
  now: string;
  ids: IdAllocator;
  profile: SeedProfile;
  passwordHash: string;
  staff: Staff[];
  sink: RowSink;
  preserveBase: boolean;
  /** position among all seeded creditors: spreads SEPA requests, assignments and so on */
  index: number;
}

/**
 * Everything one creditor owns, into `sink`: the creditor and its users, contract and conditions,
 * debtors with enriched vouchers, children and uploads in processing, permanent debts in every state,
 * work queue, notifications, statements, settings, and the admin-side records about it.
 *
 * @example
 * buildCreditorData({ spec, creditorId, graphs, f, today, now, ids, profile: DEMO_PROFILE, … });
 */
export function buildCreditorData(options: CreditorDataOptions): CreditorContext {
  const { spec, creditorId, graphs, f, today, sink } = options;
  const mainUser = spec.users[0];
  const creditor = buildCreditorRow(spec, creditorId, f, today, mainUser.username);
  add(sink, 'creditor', creditor);
  const users = buildUsers(spec.users, creditorId, spec.product, options.passwordHash, () =>
    options.ids.next('appUser'),
  );
  add(sink, 'appUser', ...users);

  const ctx: CreditorContext = {
    f,
    creditorId,
    identifier: spec.identifier,
    prefix: spec.prefix,
    product: spec.product,
    today,
    now: options.now,
    ids: options.ids,
    profile: options.profile,
    userEmails: users.map((u) => u.email),
    userIds: users.filter((u) => u.status !== 'terminated').map((u) => u.id!),
    mainUserId: users[0].id!,
    preserveBase: options.preserveBase,
    fees: { purchased: 2.9, notPurchased: 1.5, minimum: 500 },
    numbers: { next: 1 },
    sink,
  };
  addContract(ctx, creditor, mainUser);

  const debtors = graphs.map((g) => g.debtor);
  const locations = graphs.flatMap((g) => g.locations);
  const permanentDebts = graphs.flatMap((g) => g.permanentDebts);
  const base = graphs.flatMap((g) => g.vouchers);
  addAll(sink, 'debtor', debtors);
  addAll(sink, 'location', locations);
  completePermanentDebts(ctx, permanentDebts);
  addAll(sink, 'permanentDebt', permanentDebts);
  for (const voucher of base) enrichVoucher(ctx, voucher);
  addNotInsurableCases(ctx, base);
  addAll(sink, 'voucher', base);
  const before = sink.voucher?.length ?? 0;
  addChildVouchers(ctx, base);
  const children = (sink.voucher ?? []).slice(before) as NewVoucher[];
  const uploads = addUnprocessedVouchers(ctx, locations, base);
  addDebtorHistory(ctx, debtors);
  addDebtorProcessLog(ctx, debtors);

  const open = base.filter(
    (v) => v.status === 'open' || v.status === 'tpf_accepted' || v.status === 'tpf_in_review',
  );
  addWorkQueue(ctx, open.length > 0 ? open : base, children);
  addNotifications(ctx, base, debtors);
  addCreditorVouchers(ctx);
  addReminderSettings(ctx);

  const large = options.profile.history === 'short';
  const decisions =
    large && options.index % 10 !== 0 ? [] : addPendingDecisions(ctx, debtors, locations, large ? 1 : 3);
  const unassigned = uploads.filter((v) => v.debtorId === null);
  addDebtorAssignments(ctx, unassigned, locations, options.staff, decisions);
  if (options.index % 3 === 0) addSepaRequest(ctx, options.staff, sepaStatusFor(options.index / 3));
  addActionLog(ctx, options.staff, base, debtors, large ? 4 : 25, spec.sapNumber);
  return ctx;
}

// Detail fields of permanent debts, and every status at least once per creditor that has any.
function completePermanentDebts(ctx: CreditorContext, permanentDebts: NewPermanentDebt[]): void {
  if (permanentDebts.length === 0) return;
  const present = new Set(permanentDebts.map((p) => String(p.status)));
  for (const status of PERMANENT_DEBT_STATUSES) {
    if (present.has(status)) continue;
    const model = permanentDebts[0];
    permanentDebts.push({
      ...model,
      id: ctx.ids.next('permanentDebt'),
      customNumber: `DA-${ctx.prefix}9${String(permanentDebts.length).padStart(3, '0')}`,
      status,
      subject: ctx.f.helpers.arrayElement(['Hosting-Paket', 'Leasingrate', 'Servicepauschale']),
      endDate: status === 'expired' ? shiftDate(ctx.today, -ctx.f.number.int({ min: 1, max: 30 })) : null,
      nextExecutionDate: status === 'active' || status === 'created' ? shiftDate(ctx.today, 5) : null,
    });
  }
  for (const pd of permanentDebts) {
    if (!ctx.preserveBase) pd.period = ctx.f.helpers.arrayElement(PERIODS);
    // A running one's next debit is its schedule's next execution date after today (counted from the
    // start, as the sweep counts): a date drawn off the schedule was billed, and then the schedule's
    // date of the same period again (issue 25 item 2). A daily one falls due tomorrow.
    if (pd.status === 'active' || pd.status === 'created') {
      pd.nextExecutionDate = nextExecutionAfter(String(pd.startDate), String(pd.period), ctx.today);
    }
    pd.performanceDateIndex = ctx.f.number.int({ min: 0, max: 27 });
    pd.description = pd.description ?? `${pd.subject} gemäß Vertrag vom ${germanDate(pd.startDate)}`;
    pd.officialVoucherSource = `/files/${ctx.identifier}/permanent-debts/${pd.id}.pdf`;
    if (ctx.f.datatype.boolean()) {
      pd.attachmentFileName = `Vertrag_${pd.customNumber}.pdf`;
      pd.attachmentSource = `/files/${ctx.identifier}/permanent-debts/${pd.id}-vertrag.pdf`;
    }
    if (pd.status === 'stopped') {
      pd.stoppedAt = `${shiftDate(ctx.today, -ctx.f.number.int({ min: 2, max: 60 }))}T10:00:00Z`;
      pd.stopOfficialVoucherSource = `/files/${ctx.identifier}/permanent-debts/${pd.id}-beendigung.pdf`;
    }
  }
}

/** A date as German text (TT.MM.JJJJ), for dates inside seeded texts. */
function germanDate(date: unknown): string {
  const iso = date instanceof Date ? date.toISOString().slice(0, 10) : String(date ?? '');
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return parts ? `${parts[3]}.${parts[2]}.${parts[1]}` : iso;
}
