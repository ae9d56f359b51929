import { Box, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type ChartSeries, ChartTable } from './ChartTable';

export interface ChartRow {
  label: string;
  values: Record<string, number>;
}

/**
 * A bar chart of one or more series (stacked when asked), German formats on the axis and in the
 * tooltip. The graphic is hidden from screen readers; the same values follow as a hidden table.
 */
export function BarChartWidget({
  title,
  rows,
  series,
  stacked,
  axisFormat,
}: {
  /** accessible name of the chart and caption of its table */
  title: string;
  rows: ChartRow[];
  series: ChartSeries[];
  stacked?: boolean;
  axisFormat: (value: number) => string;
}) {
  const theme = useTheme();
  const colours = [theme.palette.primary.main, theme.palette.success.main, theme.palette.warning.main];
  // values of the same label add up (two server values may share one German label)
  const merged = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const values = merged.get(row.label) ?? {};
    for (const [key, value] of Object.entries(row.values)) values[key] = (values[key] ?? 0) + value;
    merged.set(row.label, values);
  }
  const tableRows = [...merged].map(([label, values]) => ({ label, values }));
  const data = tableRows.map((row) => ({ label: row.label, ...row.values }));
  const slanted = data.length > 6;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box aria-hidden sx={{ width: '100%', height: 300 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 24 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 12 }}
              interval={0}
              angle={slanted ? -35 : 0}
              textAnchor={slanted ? 'end' : 'middle'}
              height={slanted ? 90 : 30}
            />
            <YAxis tickFormatter={axisFormat} tick={{ fontSize: 12 }} width={80} />
            <Tooltip
              formatter={(value, name) => {
                const s = series.find((candidate) => candidate.label === name);
                return s ? s.format(Number(value)) : String(value);
              }}
            />
            {series.length > 1 ? <Legend /> : null}
            {series.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={colours[i % colours.length]}
                stackId={stacked ? 'stack' : undefined}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <ChartTable caption={title} rows={tableRows} series={series} />
    </Box>
  );
}
