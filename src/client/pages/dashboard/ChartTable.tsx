import { Box } from '@mui/material';

// seen by screen readers only (the usual clip pattern)
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export interface ChartSeries {
  key: string;
  label: string;
  format: (value: number) => string;
}

/**
 * The values behind a chart as a table that only screen readers see, so the chart's content is
 * accessible without the graphic.
 */
export function ChartTable({
  caption,
  rows,
  series,
}: {
  caption: string;
  rows: { label: string; values: Record<string, number> }[];
  series: ChartSeries[];
}) {
  return (
    // a table grows to its content whatever its own width, so a wrapper clips it (else the hidden
    // table widens a phone's page, issue 15 item 6)
    <Box sx={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{caption}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {series.map((s) => (
                <td key={s.key}>{s.format(row.values[s.key] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
