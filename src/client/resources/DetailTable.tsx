import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ColumnConfig } from '../../shared/config-types';
import { FieldValue } from '../widgets/FieldValue';

/** A list inside a detail tab (locations, invoices, …); the row of a selected sub item is marked. */
export function DetailTable({
  rows,
  columns,
  selectedId,
  label,
}: {
  rows: unknown;
  columns: ColumnConfig[];
  selectedId?: string;
  /** accessible name of the scrollable region */
  label: string;
}) {
  const translate = useTranslate();
  const items = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  if (items.length === 0) return <Typography sx={{ py: 2 }}>{translate('ui.list.noData')}</Typography>;
  return (
    // a wide table scrolls; keyboard users must be able to reach and scroll it
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.value}
                align={column.alignLeft ? 'left' : 'right'}
                sx={{ fontWeight: 600 }}
              >
                {translate(column.text)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item, index) => {
            const id = item.id ?? item.identifier;
            const selected = selectedId !== undefined && String(id) === selectedId;
            return (
              <TableRow
                key={String(id ?? index)}
                selected={selected}
                aria-current={selected ? 'true' : undefined}
              >
                {columns.map((column) => (
                  <TableCell key={column.value} align={column.alignLeft ? 'left' : 'right'}>
                    <FieldValue
                      record={item}
                      source={column.value}
                      type={column.type}
                      enumName={column.enum}
                    />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
