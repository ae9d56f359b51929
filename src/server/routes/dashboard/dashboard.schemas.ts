import { DAYS_OVERDUE_BUCKETS } from '../../db/repositories/dashboard.repository';

/**
 * Response schema of GET /dashboard. Every widget is a nullable key: null when the caller's
 * permissions switch that widget off (the client then leaves it out).
 */
const int = { type: 'integer' } as const;
const cents = { type: 'integer', description: 'cents' } as const;
const rate = { type: ['number', 'null'], description: 'percent, one decimal; null without a base' } as const;
const days = { type: ['number', 'null'], description: 'days, one decimal' } as const;
const obj = (properties: Record<string, unknown>) => ({
  type: ['object', 'null'],
  properties,
  required: Object.keys(properties),
});
const list = (properties: Record<string, unknown>) => ({
  type: ['array', 'null'],
  items: { type: 'object', properties, required: Object.keys(properties) },
});
const caseCount = obj({ count: int, amount: cents });

export const dashboardSchema = {
  tags: ['dashboard'],
  summary: 'All dashboard figures the caller may see, computed from the data',
  security: [{ bearerAuth: [] }],
  response: {
    200: {
      type: 'object',
      properties: {
        debtorLimitRate: obj({ approvedLimit: cents, usedLimit: cents, rate }),
        overdueRate: obj({ openAmount: cents, overdueAmount: cents, rate }),
        cashback: obj({ year: int, annualTurnover: cents, credit: cents }),
        creditorLimit: obj({ approvedLimit: cents, availableLimit: cents }),
        dunningBlock: caseCount,
        dispute: caseCount,
        delay: caseCount,
        workQueue: obj({
          count: int,
          oldest: {
            type: ['object', 'null'],
            properties: { id: int, title: { type: 'string' }, created: int },
            required: ['id', 'title', 'created'],
          },
        }),
        creditorVouchers: { type: ['array', 'null'], items: { $ref: 'CreditorVoucher#' } },
        openInvoicesByDunningType: list({ dunningType: { type: 'string' }, count: int, amount: cents }),
        turnoverPerYear: list({ year: int, open: cents, balanced: cents }),
        turnoverPerMonth: list({
          month: { type: 'string', description: 'yyyy-MM' },
          amount: cents,
          count: int,
        }),
        balancing: list({ type: { type: 'string' }, amount: cents, count: int }),
        daysOverdue: list({
          bucket: { type: 'string', enum: [...DAYS_OVERDUE_BUCKETS] },
          count: int,
          amount: cents,
        }),
        paymentBehaviour: obj({
          averagePaymentTarget: days,
          averageDaysToPay: days,
          paidOnTime: int,
          paidLate: int,
        }),
        daysSalesOutstanding: obj({ receivables: cents, turnover90Days: cents, days }),
        minimumServiceFee: obj({
          reached: { type: 'boolean' },
          currentAnnualServiceFee: cents,
          chargedAmount: cents,
          start: { type: 'string', format: 'date' },
          end: { type: 'string', format: 'date' },
        }),
      },
    },
    '4xx': { $ref: 'ApiError#' },
  },
} as const;
