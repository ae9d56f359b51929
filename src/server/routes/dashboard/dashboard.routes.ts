import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app';
import { findCurrentFeePeriod, findLimitAndStatus } from '../../db/repositories/creditor.repository';
import { latestCreditorVouchers } from '../../db/repositories/creditor-voucher.repository';
import * as figures from '../../db/repositories/dashboard.repository';
import { currentFigures } from '../../db/repositories/dashboard-figures.repository';
import {
  countUnhandledWorkQueue,
  findOldestUnhandledWorkQueue,
} from '../../db/repositories/work-queue.repository';
import type { Database } from '../../db/schema';
import { creditorIdOf } from '../../plugins/auth';
import { isAllowedFor, requirePermission } from '../../plugins/permissions';
import { dashboardSchema } from './dashboard.schemas';

/** How many of the latest creditor statements the dashboard lists. */
export const DASHBOARD_STATEMENTS = 5;

type Widget = (creditorId: number) => Promise<unknown>;
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
 * The other widgets (`live`) are one indexed row or a handful each and are read per request.
 */
export async function dashboardRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const kept: Record<string, [permission: string, compute: Figure]> = {
    debtorLimitRate: ['dashboardWidgets.debtorLimitRate', figures.debtorLimitRate],
    overdueRate: ['dashboardWidgets.overdueRate', figures.overdueRate],
    cashback: ['dashboardWidgets.cashback', figures.cashback],
    dunningBlock: ['dashboardWidgets.dunningBlock', (trx, id) => figures.openByDunningType(trx, id, 'halt')],
    dispute: ['dashboardWidgets.dispute', (trx, id) => figures.openByDunningType(trx, id, 'DISPUTE')],
    delay: ['dashboardWidgets.delay', (trx, id) => figures.openByDunningType(trx, id, 'DELAY')],
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
  const live: Record<string, [permission: string | null, load: Widget]> = {
    creditorLimit: [
      'dashboardWidgets.availableCreditorLimit',
      async (id) => {
        const row = await findLimitAndStatus(db, id);
        return row ? { approvedLimit: row.approvedLimit, availableLimit: row.availableLimit } : null;
      },
    ],
    workQueue: [
      null,
      async (id) => ({
        count: await countUnhandledWorkQueue(db, id),
        oldest: await findOldestUnhandledWorkQueue(db, id),
      }),
    ],
    creditorVouchers: [
      'masterData.tabs.creditorVouchers',
      (id) => latestCreditorVouchers(db, id, DASHBOARD_STATEMENTS),
    ],
    minimumServiceFee: [
      'masterData.serviceFees',
      async (id) => {
        const period = await findCurrentFeePeriod(db, id);
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

  app.get(
    '/dashboard',
    { schema: dashboardSchema, preHandler: requirePermission(db, 'navigation.dashboard') },
    async (request) => {
      const creditorId = creditorIdOf(request);
      const keptEntries = Object.entries(kept);
      const liveEntries = Object.entries(live);
      const [keptAllowed, keptValues, liveValues] = await Promise.all([
        Promise.all(keptEntries.map(([, [permission]]) => allowed(request, permission))),
        currentFigures(db, creditorId, (trx) => computeKept(trx, creditorId)),
        Promise.all(
          liveEntries.map(async ([, [permission, load]]) =>
            (await allowed(request, permission)) ? load(creditorId) : null,
          ),
        ),
      ]);
      return {
        ...Object.fromEntries(keptEntries.map(([key], i) => [key, keptAllowed[i] ? keptValues[key] : null])),
        ...Object.fromEntries(liveEntries.map(([key], i) => [key, liveValues[i]])),
      };
    },
  );
}
