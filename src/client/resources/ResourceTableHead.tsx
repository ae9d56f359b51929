import { TableCell, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import type { ColumnConfig } from '../../shared/config-types';
import { columnWidth } from './column-fit';

/** Header cells with the spec's `text` / `subText` lines, each as wide as `columnWidth`; sortable columns toggle the sort. */
export function ResourceTableHead({ columns }: { columns: ColumnConfig[] }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();

  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const active = sort.field === column.value;
          const label = (
            <span>
              <span>{translate(column.text)}</span>
              {column.subText ? (
                <Typography
                  variant="caption"
                  component="span"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  {translate(column.subText)}
                </Typography>
              ) : null}
            </span>
          );
          return (
            <TableCell
              key={column.value}
              align={column.alignLeft ? 'left' : 'right'}
              // the table is laid out fixed: this is the column's real width (padding included)
              style={{ width: columnWidth(column) }}
              sortDirection={active ? (sort.order === 'DESC' ? 'desc' : 'asc') : false}
              sx={{
                fontWeight: 600,
                verticalAlign: 'bottom',
                overflow: 'hidden',
                overflowWrap: 'break-word',
              }}
            >
              {column.sortable ? (
                <TableSortLabel
                  active={active}
                  direction={active && sort.order === 'DESC' ? 'desc' : 'asc'}
                  onClick={() =>
                    setSort({ field: column.value, order: active && sort.order === 'ASC' ? 'DESC' : 'ASC' })
                  }
                >
                  {label}
                </TableSortLabel>
              ) : (
                label
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
