import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../shared/format';
import { enumLabel } from '../common/labels';
import { BarChartWidget, type ChartRow } from './BarChartWidget';
import type { ChartSeries } from './ChartTable';
import { type DashboardData, formatCompactMoney, formatMonth, widgetTitle } from './dashboard-data';
import { WidgetCard } from './WidgetCard';

/** The chart widgets of the dashboard, each only when its data came (permission on). */
export function DashboardCharts({ data }: { data: DashboardData }) {
  const translate = useTranslate();
  const money = (key: string, label: string): ChartSeries => ({ key, label, format: formatMoney });
  const amount = money('amount', translate('pages.dashboard.chart.amount'));
  const charts: ReactNode[] = [];
  const chart = (id: string, title: string, rows: ChartRow[], series: ChartSeries[], stacked = false) =>
    charts.push(
      <WidgetCard key={id} id={id} title={title} wide>
        {rows.every((row) => Object.values(row.values).every((v) => v === 0)) ? (
          translate('pages.dashboard.noData')
        ) : (
          <BarChartWidget
            title={title}
            rows={rows}
            series={series}
            stacked={stacked}
            axisFormat={formatCompactMoney}
          />
        )}
      </WidgetCard>,
    );

  if (data.openInvoicesByDunningType)
    chart(
      'openDunningTypeInvoices',
      translate(widgetTitle('openDunningTypeInvoices')),
      data.openInvoicesByDunningType.map((r) => ({
        label: enumLabel(translate, 'dunningType', r.dunningType),
        values: { amount: r.amount },
      })),
      [amount],
    );
  if (data.turnoverPerYear)
    chart(
      'turnoverVolumeChart',
      translate(widgetTitle('turnoverVolumeChart')),
      data.turnoverPerYear.map((r) => ({
        label: String(r.year),
        values: { balanced: r.balanced, open: r.open },
      })),
      [
        money('balanced', translate('pages.dashboard.turnoverPerYear.balanced')),
        money('open', translate('pages.dashboard.turnoverPerYear.open')),
      ],
      true,
    );
  if (data.turnoverPerMonth)
    chart(
      'turnoverProgressionChart',
      translate(widgetTitle('turnoverProgressionChart')),
      data.turnoverPerMonth.map((r) => ({ label: formatMonth(r.month), values: { amount: r.amount } })),
      [money('amount', translate('pages.dashboard.turnoverPerMonth.amount'))],
    );
  if (data.balancing)
    chart(
      'balancingChart',
      translate(widgetTitle('balancingChart')),
      data.balancing.map((r) => ({
        label: enumLabel(translate, 'voucherType', r.type),
        values: { amount: r.amount },
      })),
      [amount],
    );
  if (data.daysOverdue)
    chart(
      'daysOverdueChart',
      translate(widgetTitle('daysOverdueChart')),
      data.daysOverdue.map((r) => ({
        label: translate(`pages.dashboard.daysOverdue.${r.bucket}`, { _: r.bucket }),
        values: { amount: r.amount },
      })),
      [amount],
    );
  return <>{charts}</>;
}
