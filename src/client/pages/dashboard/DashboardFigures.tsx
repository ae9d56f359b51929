import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { formatDate, formatMoney, formatPercent } from '../../../shared/format';
import { type DashboardData, formatNumber, widgetTitle } from './dashboard-data';
import { FigureValue } from './FigureValue';
import { WidgetCard } from './WidgetCard';

const rate = (value: number | null) => (value == null ? '–' : formatPercent(value));

/** The key-figure widgets of the dashboard, each only when its data came (permission on). */
export function DashboardFigures({ data }: { data: DashboardData }) {
  const translate = useTranslate();
  const t = translate;
  const cards: ReactNode[] = [];
  const card = (id: string, title: string, value: ReactNode, detail?: ReactNode) =>
    cards.push(
      <WidgetCard key={id} id={id} title={title}>
        <FigureValue value={value} detail={detail} />
      </WidgetCard>,
    );
  const cases = (count: number, amount: number) =>
    t('pages.dashboard.cases', { count, amount: formatMoney(amount) });

  if (data.debtorLimitRate)
    card(
      'debtorLimitRate',
      t(widgetTitle('debtorLimitRate')),
      rate(data.debtorLimitRate.rate),
      t('pages.dashboard.usedOfApproved', {
        used: formatMoney(data.debtorLimitRate.usedLimit),
        approved: formatMoney(data.debtorLimitRate.approvedLimit),
      }),
    );
  if (data.overdueRate)
    card(
      'overdueRate',
      t(widgetTitle('overdueRate')),
      rate(data.overdueRate.rate),
      t('pages.dashboard.overdueOfOpen', {
        overdue: formatMoney(data.overdueRate.overdueAmount),
        open: formatMoney(data.overdueRate.openAmount),
      }),
    );
  if (data.creditorLimit)
    card(
      'availableCreditorLimit',
      t(widgetTitle('availableCreditorLimit')),
      formatMoney(data.creditorLimit.availableLimit),
      t('pages.dashboard.ofApproved', { amount: formatMoney(data.creditorLimit.approvedLimit) }),
    );
  if (data.cashback)
    card(
      'cashback',
      t(widgetTitle('cashback')),
      formatMoney(data.cashback.credit),
      `${t('pages.dashboard.credit')} · ${t('pages.dashboard.annualTurnover', {
        year: data.cashback.year,
        amount: formatMoney(data.cashback.annualTurnover),
      })}`,
    );
  if (data.dunningBlock)
    card(
      'dunningBlock',
      t(widgetTitle('dunningBlock')),
      data.dunningBlock.count,
      cases(data.dunningBlock.count, data.dunningBlock.amount),
    );
  if (data.dispute)
    card(
      'dispute',
      t(widgetTitle('dispute')),
      data.dispute.count,
      cases(data.dispute.count, data.dispute.amount),
    );
  if (data.delay)
    card('delay', t(widgetTitle('delay')), data.delay.count, cases(data.delay.count, data.delay.amount));
  if (data.daysSalesOutstanding)
    card(
      'daysSalesOutstanding',
      t(widgetTitle('daysSalesOutstandingChart')),
      data.daysSalesOutstanding.days == null
        ? '–'
        : t('pages.dashboard.dso.value', { days: formatNumber(data.daysSalesOutstanding.days) }),
      `${t('pages.dashboard.dso.explained')} ${t('pages.dashboard.dso.detail', {
        receivables: formatMoney(data.daysSalesOutstanding.receivables),
        turnover: formatMoney(data.daysSalesOutstanding.turnover90Days),
      })}`,
    );
  if (data.paymentBehaviour) {
    const p = data.paymentBehaviour;
    const gap = p.averageDaysToPay == null || p.averagePaymentTarget == null ? null : p.averageDaysToPay - p.averagePaymentTarget;
    card(
      'paymentBehaviour',
      t('pages.dashboard.paymentBehaviour.title'),
      p.averageDaysToPay == null ? '–' : t('pages.dashboard.paymentBehaviour.value', { days: formatNumber(p.averageDaysToPay) }),
      [
        p.averagePaymentTarget == null
          ? null
          : t('pages.dashboard.paymentBehaviour.target', { days: formatNumber(p.averagePaymentTarget) }),
        gap == null || gap === 0
          ? null
          : t(gap > 0 ? 'pages.dashboard.paymentBehaviour.later' : 'pages.dashboard.paymentBehaviour.earlier', {
              days: formatNumber(Math.abs(gap)),
            }),
        `${t('pages.dashboard.paymentBehaviour.onTime')}: ${p.paidOnTime}`,
        `${t('pages.dashboard.paymentBehaviour.late')}: ${p.paidLate}`,
      ]
        .filter(Boolean)
        .join(' · '),
    );
  }
  if (data.minimumServiceFee) {
    const fee = data.minimumServiceFee;
    card(
      'minimumServiceFee',
      t('pages.dashboard.minimumServiceFee.title'),
      `${formatMoney(fee.chargedAmount)} / ${formatMoney(fee.currentAnnualServiceFee)}`,
      `${
        fee.reached
          ? t('messages.masterData.minimumServiceFeeReached')
          : t('messages.masterData.minimumServiceFeeNotReached', { amount: formatMoney(fee.chargedAmount) })
      } ${t('pages.dashboard.minimumServiceFee.period', { start: formatDate(fee.start), end: formatDate(fee.end) })}`,
    );
  }
  return <>{cards}</>;
}
