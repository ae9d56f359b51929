import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { resources } from '../../../generated/resources';
import type { ColumnConfig } from '../../shared/config-types';
import { useResourceAccessCheck } from '../auth/use-permission-check';
import { FieldValue } from '../widgets/FieldValue';
import { rowTarget } from './row-link';

/**
 * A list inside a detail tab (locations, invoices, …); the row of a selected sub item is marked.
 * With `link` (a resource name) a row opens that resource's detail, following its `rowLink`.
 */
export function DetailTable({
  rows,
  columns,
  selectedId,
  label,
  link,
}: {
  rows: unknown;
  columns: ColumnConfig[];
  selectedId?: string;
  /** accessible name of the scrollable region */
  label: string;
  link?: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const canOpen = useResourceAccessCheck();
  const items = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  const linked = link ? resources[link] : undefined;
  const target = linked && canOpen(linked) ? linked : undefined;
  const open = (item: Record<string, unknown>) => {
    if (target) navigate({ pathname: rowTarget(target, item, resources, canOpen).pathname });
  };
  const onKeyDown = (event: KeyboardEvent, item: Record<string, unknown>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(item);
    }
  };
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
                {...(target
                  ? {
                      hover: true,
                      tabIndex: 0,
                      onClick: () => open(item),
                      onKeyDown: (event: KeyboardEvent) => onKeyDown(event, item),
                      sx: { cursor: 'pointer' },
                      'data-testid': 'detail-row-link',
                    }
                  : {})}
              >
                {columns.map((column) => (
                  <TableCell key={column.value} align={column.alignLeft ? 'left' : 'right'}>
                    <FieldValue
                      record={item}
                      source={column.value}
                      type={column.type}
                      enumName={column.enum}
                      widget={column.widget}
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
