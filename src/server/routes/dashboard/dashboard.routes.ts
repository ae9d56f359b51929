import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import { findCurrentFeePeriod, findLimitAndStatus } from '../../db/repositories/creditor.repository';
import { latestCreditorVouchers } from '../../db/repositories/creditor-voucher.repository';
import * as figures from '../../db/repositories/dashboard.repository';
import {
  countUnhandledWorkQueue,
  findOldestUnhandledWorkQueue,
} from '../../db/repositories/work-queue.repository';
import { creditorIdOf } from '../../plugins/auth';
import { isAllowedFor, requirePermission } from '../../plugins/permissions';
import { dashboardSchema } from './dashboard.schemas';

/** How many of the latest creditor statements the dashboard lists. */
export const DASHBOARD_STATEMENTS = 5;

type Widget = (creditorId: number) => Promise<unknown>;

/**
 * GET /dashboard — decision: the spec names the dashboard's figures but no call, so one call
 * answers all of them (one round trip; each figure is one SQL query). A widget's key is null when
 * its permission is off for the caller, and its query does not run. Widget → permission:
 * the dashboardWidgets.* leaf of the same name; payment behaviour goes with daysOverdueChart (both
 * are about late payment); the open decisions need no more than the dashboard itself; the latest
 * statements need masterData.tabs.creditorVouchers and the minimum-fee figure
 * masterData.serviceFees. The assistant has no dashboard at all (navigation.dashboard, roles.yaml).
 */
export async function dashboardRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const widgets: Record<string, [permission: string | null, load: Widget]> = {
    debtorLimitRate: ['dashboardWidgets.debtorLimitRate', (id) => figures.debtorLimitRate(db, id)],
    overdueRate: ['dashboardWidgets.overdueRate', (id) => figures.overdueRate(db, id)],
    cashback: ['dashboardWidgets.cashback', (id) => figures.cashback(db, id)],
    creditorLimit: [
      'dashboardWidgets.availableCreditorLimit',
      async (id) => {
        const row = await findLimitAndStatus(db, id);
        return row ? { approvedLimit: row.approvedLimit, availableLimit: row.availableLimit } : null;
      },
    ],
    dunningBlock: ['dashboardWidgets.dunningBlock', (id) => figures.openByDunningType(db, id, 'halt')],
    dispute: ['dashboardWidgets.dispute', (id) => figures.openByDunningType(db, id, 'DISPUTE')],
    delay: ['dashboardWidgets.delay', (id) => figures.openByDunningType(db, id, 'DELAY')],
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
    openInvoicesByDunningType: [
      'dashboardWidgets.openDunningTypeInvoices',
      (id) => figures.openInvoicesByDunningType(db, id),
    ],
    turnoverPerYear: ['dashboardWidgets.turnoverVolumeChart', (id) => figures.turnoverPerYear(db, id)],
    turnoverPerMonth: ['dashboardWidgets.turnoverProgressionChart', (id) => figures.turnoverPerMonth(db, id)],
    balancing: ['dashboardWidgets.balancingChart', (id) => figures.balancingOverview(db, id)],
    daysOverdue: ['dashboardWidgets.daysOverdueChart', (id) => figures.daysOverdue(db, id)],
    paymentBehaviour: ['dashboardWidgets.daysOverdueChart', (id) => figures.paymentBehaviour(db, id)],
    daysSalesOutstanding: [
      'dashboardWidgets.daysSalesOutstandingChart',
      (id) => figures.daysSalesOutstanding(db, id),
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

  const load = async (request: FastifyRequest, [permission, widget]: [string | null, Widget]) =>
    permission === null || (await isAllowedFor(db, request, permission))
      ? widget(creditorIdOf(request))
      : null;

  app.get(
    '/dashboard',
    { schema: dashboardSchema, preHandler: requirePermission(db, 'navigation.dashboard') },
    async (request) => {
      const entries = Object.entries(widgets);
      const values = await Promise.all(entries.map(([, widget]) => load(request, widget)));
      return Object.fromEntries(entries.map(([key], i) => [key, values[i]]));
    },
  );
}
