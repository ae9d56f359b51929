import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app';
import * as figures from '../../db/repositories/dashboard.repository';
import { computeAndKeepFigures } from '../../db/repositories/dashboard-figures.repository';
import { readDashboard } from '../../db/repositories/dashboard-live.repository';
import type { Database } from '../../db/schema';
import { VOUCHER_CASES } from '../../domain/vouchers/voucher.rules';
import { creditorIdOf } from '../../plugins/auth';
import { isAllowedFor, permissionReadAlong } from '../../plugins/permissions';
import { assertSession } from '../../services/session';
import { dashboardSchema } from './dashboard.schemas';

/** How many of the latest creditor statements the dashboard lists. */
export const DASHBOARD_STATEMENTS = 5;

type Figure = (db: Kysely<Database>, creditorId: number) => Promise<unknown>;

/**
 * GET /dashboard — decision: the spec names the dashboard's figures but no call, so one call
 * answers all of them (one round trip). A widget's key is null when its permission is off for the
 * caller. Widget → permission: the dashboardWidgets.* leaf of the same name; payment behaviour goes
 * with daysOverdueChart (both are about late payment); the open decisions need no more than the
 * dashboard itself; the latest statements need masterData.tabs.creditorVouchers and the
 * minimum-fee figure masterData.serviceFees. The assistant has no dashboard at all
 * (navigation.dashboard, roles.yaml).
 *
 * The aggregates over the creditor's vouchers, balancings, debtors and statements (`kept`) are
 * computed together and kept in the database until their data changes (dashboard-figures
 * repository, migration 0088: exact, invalidated by triggers, per day) — a 250,000-voucher tenant's
 * aggregates take ~0.4–0.8 s, which no index brought under the 100 ms the dashboard may take
 * (issue 13, bench/README.md). They are computed for every widget, whatever the caller may see,
 * so all users of a creditor share them; the answer still leaves out what the caller may not see.
 * The other widgets (`live`) are one indexed row or a handful each and are read per request — with
 * the kept figures and the caller's permissions and session, in one statement (`readDashboard`).
 */
export async function dashboardRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const kept: Record<string, [permission: string, compute: Figure]> = {
    debtorLimitRate: ['dashboardWidgets.debtorLimitRate', figures.debtorLimitRate],
    overdueRate: ['dashboardWidgets.overdueRate', figures.overdueRate],
    cashback: ['dashboardWidgets.cashback', figures.cashback],
    dunningBlock: ['dashboardWidgets.dunningBlock', (trx, id) => figures.openByDunningType(trx, id, VOUCHER_CASES.dunningBlock.dunningType)],
    dispute: ['dashboardWidgets.dispute', (trx, id) => figures.openByDunningType(trx, id, VOUCHER_CASES.dispute.dunningType)],
    delay: ['dashboardWidgets.delay', (trx, id) => figures.openByDunningType(trx, id, VOUCHER_CASES.delay.dunningType)],
    openInvoicesByDunningType: [
      'dashboardWidgets.openDunningTypeInvoices',
      figures.openInvoicesByDunningType,
    ],
    turnoverPerYear: ['dashboardWidgets.turnoverVolumeChart', figures.turnoverPerYear],
    turnoverPerMonth: ['dashboardWidgets.turnoverProgressionChart', figures.turnoverPerMonth],
    balancing: ['dashboardWidgets.balancingChart', figures.balancingOverview],
    daysOverdue: ['dashboardWidgets.daysOverdueChart', figures.daysOverdue],
    paymentBehaviour: ['dashboardWidgets.daysOverdueChart', figures.paymentBehaviour],
    daysSalesOutstanding: ['dashboardWidgets.daysSalesOutstandingChart', figures.daysSalesOutstanding],
  };
  // the live widgets, from the one statement's row (readDashboard): permission and value
  type Read = Awaited<ReturnType<typeof readDashboard>>;
  const live: Record<string, [permission: string | null, value: (read: Read) => unknown]> = {
    creditorLimit: ['dashboardWidgets.availableCreditorLimit', (read) => read.creditorLimit],
    workQueue: [null, (read) => read.workQueue],
    creditorVouchers: ['masterData.tabs.creditorVouchers', (read) => read.creditorVouchers],
    minimumServiceFee: [
      'masterData.serviceFees',
      ({ feePeriod: period }) => {
        if (!period) return null;
        const current = period.currentAnnualServiceFee ?? 0;
        const charged = period.chargedAmount ?? 0;
        return {
          reached: charged >= current,
          currentAnnualServiceFee: current,
          chargedAmount: charged,
          start: period.start,
          end: period.end,
        };
      },
    ],
  };

  // one statement after the other: they share the computing transaction's connection
  const computeKept = async (trx: Kysely<Database>, creditorId: number) => {
    const result: Record<string, unknown> = {};
    for (const [key, [, compute]] of Object.entries(kept)) result[key] = await compute(trx, creditorId);
    return result;
  };
  const allowed = (request: FastifyRequest, permission: string | null) =>
    permission === null ? true : isAllowedFor(db, request, permission);

  const gate = permissionReadAlong('navigation.dashboard');
  app.get(
    '/dashboard',
    // the caller's permissions and session are read in the dashboard's one statement (issues 26, 32)
    { schema: dashboardSchema, config: { sessionReadAlong: true }, preHandler: gate.preHandler },
    async (request) => {
      const creditorId = creditorIdOf(request);
      const read = await readDashboard(db, creditorId, request.user.id, DASHBOARD_STATEMENTS);
      assertSession(request, read.readerSession);
      gate.assert(request, read.readerPermissions);
      const keptValues = read.keptFigures ?? (await computeAndKeepFigures(db, creditorId, (trx) => computeKept(trx, creditorId)));
      const keptEntries = Object.entries(kept);
      const liveEntries = Object.entries(live);
      const [keptAllowed, liveAllowed] = await Promise.all([
        Promise.all(keptEntries.map(([, [permission]]) => allowed(request, permission))),
        Promise.all(liveEntries.map(([, [permission]]) => allowed(request, permission))),
      ]);
      return {
        ...Object.fromEntries(keptEntries.map(([key], i) => [key, keptAllowed[i] ? keptValues[key] : null])),
        ...Object.fromEntries(liveEntries.map(([key, [, value]], i) => [key, liveAllowed[i] ? value(read) : null])),
      };
    },
  );
}
