import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type KeyboardEvent, useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resources } from '../../../generated/resources';
import type { ColumnConfig } from '../../shared/config-types';
import { useResourceAccessCheck } from '../auth/use-permission-check';
import { ColumnValue } from '../widgets/FieldValue';
import { rowTarget } from './row-link';

/** the least width a column of a detail table needs to be read (a date, a chip, a short text) */
const MIN_COLUMN_WIDTH = 130;

/** a table laid out as entries: the header kept for assistive technology only, each cell "label  value" */
const STACKED = {
  '& thead': {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  '& tbody, & tbody tr': { display: 'block' },
  '& tbody tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
  '& tbody td': {
    display: 'grid',
    gridTemplateColumns: 'minmax(6rem, 40%) minmax(0, 1fr)',
    columnGap: 2,
    border: 0,
    py: 0.25,
    textAlign: 'left',
    overflowWrap: 'anywhere',
  },
  '& tbody td::before': { content: 'attr(data-label)', color: 'text.secondary' },
} as const;

/** The width of an element, followed as it changes (0 before the first layout). */
function useWidth<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}

/**
 * A list inside a detail tab (locations, invoices, history, …); the row of a selected sub item is
 * marked. With `link` (a resource name) a row opens that resource's detail, following its `rowLink`.
 * Where its columns do not fit (the side panel beside a list, a phone), each row is an entry of
 * label and value pairs instead of a table cut at the panel's edge (issue 28: the history).
 */
export function DetailTable({
  rows,
  columns,
  selectedId,
  label,
  link,
  entryPath,
}: {
  rows: unknown;
  columns: ColumnConfig[];
  selectedId?: string;
  /** accessible name of the scrollable region */
  label: string;
  link?: string;
  /** where a row opens (path and query) when it is an entry of the shown record with a view of its own (`detail.sub`) */
  entryPath?: (item: Record<string, unknown>) => string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const canOpen = useResourceAccessCheck();
  const items = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  const linked = link ? resources[link] : undefined;
  const target = (linked && canOpen(linked) ? linked : undefined) ?? (entryPath ? 'entry' : undefined);
  const open = (item: Record<string, unknown>) => {
    if (entryPath) navigate(entryPath(item));
    else if (linked && target) navigate({ pathname: rowTarget(linked, item, resources, canOpen).pathname });
  };
  const onKeyDown = (event: KeyboardEvent, item: Record<string, unknown>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(item);
    }
  };
  const [box, width] = useWidth<HTMLDivElement>();
  if (items.length === 0) return <Typography sx={{ py: 2 }}>{translate('ui.list.noData')}</Typography>;
  const idOf = (item: Record<string, unknown>, index: number) => String(item.id ?? item.identifier ?? index);
  const isSelected = (item: Record<string, unknown>) =>
    selectedId !== undefined && String(item.id ?? item.identifier) === selectedId;
  const linkProps = (item: Record<string, unknown>) =>
    target
      ? {
          tabIndex: 0,
          onClick: () => open(item),
          onKeyDown: (event: KeyboardEvent) => onKeyDown(event, item),
          'data-testid': 'detail-row-link',
        }
      : {};
  const value = (item: Record<string, unknown>, column: ColumnConfig) => (
    <ColumnValue record={item} column={column} />
  );
  // too narrow for its columns: every row is a block of label and value pairs; still a table to
  // assistive technology (explicit roles: a block layout would hide them)
  const stacked = width > 0 && width < columns.length * MIN_COLUMN_WIDTH;
  const roles = (role: string) => (stacked ? { role } : {});
  return (
    // a wide table scrolls; keyboard users must be able to reach and scroll it
    <TableContainer ref={box} tabIndex={0} role="region" aria-label={label}>
      <Table
        size="small"
        {...roles('table')}
        data-layout={stacked ? 'entries' : 'table'}
        sx={stacked ? STACKED : undefined}
      >
        <TableHead {...roles('rowgroup')}>
          <TableRow {...roles('row')}>
            {columns.map((column) => (
              <TableCell
                {...roles('columnheader')}
                key={column.value}
                align={column.alignLeft ? 'left' : 'right'}
                sx={{ fontWeight: 600 }}
              >
                {translate(column.text)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody {...roles('rowgroup')}>
          {items.map((item, index) => (
            <TableRow
              {...roles('row')}
              key={idOf(item, index)}
              selected={isSelected(item)}
              aria-current={isSelected(item) ? 'true' : undefined}
              {...(target ? { hover: true, sx: { cursor: 'pointer' }, ...linkProps(item) } : {})}
            >
              {columns.map((column) => (
                <TableCell
                  {...roles('cell')}
                  key={column.value}
                  align={column.alignLeft ? 'left' : 'right'}
                  data-label={translate(column.text)}
                >
                  {value(item, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
