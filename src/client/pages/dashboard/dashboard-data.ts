import type { CreditorVoucher } from '../../../../generated/types';

/** What GET /dashboard answers (src/server/routes/dashboard): a null widget is switched off. */
export interface DashboardData {
  debtorLimitRate: { approvedLimit: number; usedLimit: number; rate: number | null } | null;
  overdueRate: { openAmount: number; overdueAmount: number; rate: number | null } | null;
  cashback: { year: number; annualTurnover: number; credit: number } | null;
  creditorLimit: { approvedLimit: number; availableLimit: number } | null;
  dunningBlock: CaseCount | null;
  dispute: CaseCount | null;
  delay: CaseCount | null;
  workQueue: { count: number; oldest: { id: number; title: string; created: number } | null } | null;
  creditorVouchers: CreditorVoucher[] | null;
  openInvoicesByDunningType: { dunningType: string; count: number; amount: number }[] | null;
  turnoverPerYear: { year: number; open: number; balanced: number }[] | null;
  turnoverPerMonth: { month: string; amount: number; count: number }[] | null;
  balancing: { type: string; amount: number; count: number }[] | null;
  daysOverdue: { bucket: string; count: number; amount: number }[] | null;
  paymentBehaviour: {
    averagePaymentTarget: number | null;
    averageDaysToPay: number | null;
    paidOnTime: number;
    paidLate: number;
  } | null;
  daysSalesOutstanding: { receivables: number; turnover90Days: number; days: number | null } | null;
  minimumServiceFee: {
    reached: boolean;
    currentAnnualServiceFee: number;
    chargedAmount: number;
    start: string;
    end: string;
  } | null;
}

export interface CaseCount {
  count: number;
  amount: number;
}

const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
const compactEuro = new Intl.NumberFormat('de-DE', { notation: 'compact', maximumFractionDigits: 1 });

/** A plain German number: `1.234,5`. */
export const formatNumber = (value: number | null | undefined) =>
  value == null ? '–' : numberFormat.format(value);

/** Cents as a short German euro axis label: `12,3 Tsd. €`. */
export const formatCompactMoney = (cents: number) => `${compactEuro.format(cents / 100)} €`;

/** `2026-03` → `03/2026`. */
export const formatMonth = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** i18n key of a dashboard widget's title (the permission's label). */
export const widgetTitle = (key: string) => `permissions.dashboardWidgets.children.${key}.label`;
