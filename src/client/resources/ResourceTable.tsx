import {
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import type { KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResourceConfig } from '../../shared/config-types';
import { usePermissionCheck } from '../auth/use-permission-check';
import { FieldValue } from '../widgets/FieldValue';
import { ListEmptyState } from './ListEmptyState';
import { ListLoadError } from './ListLoadError';
import { ResourceTableHead } from './ResourceTableHead';
import { itemPath } from './resource-route';
import type { UrlListController } from './use-url-list-controller';

/** The configured columns of a resource as a table; a row opens the item's details inline. */
export function ResourceTable({ config, selectedId }: { config: ResourceConfig; selectedId?: string }) {
  const translate = useTranslate();
  const list = useListContext() as unknown as UrlListController;
  const allowed = usePermissionCheck();
  const navigate = useNavigate();
  const location = useLocation();
  const columns = config.list.columns.filter((column) => allowed(column.permission));

  if (list.error) return <ListLoadError onReload={() => list.refetch()} />;

  const open = (id: unknown) => {
    const pathname = itemPath(config, String(id));
    if (pathname !== location.pathname) navigate({ pathname, search: location.search });
  };
  const onKeyDown = (event: KeyboardEvent, id: unknown) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(id);
    }
  };
  const rows = list.data ?? [];

  return (
    // a wide table scrolls; keyboard users must be able to reach and scroll it
    <TableContainer tabIndex={0} role="region" aria-label={translate(config.label)}>
      {list.isFetching ? <LinearProgress aria-hidden sx={{ height: 2 }} /> : <div style={{ height: 2 }} />}
      <Table size="small" aria-busy={list.isPending}>
        <ResourceTableHead columns={columns} />
        <TableBody>
          {!list.isPending && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <ListEmptyState config={config} />
              </TableCell>
            </TableRow>
          ) : null}
          {rows.map((record) => {
            const selected = String(record.id) === selectedId;
            return (
              <TableRow
                key={record.id}
                hover
                selected={selected}
                aria-selected={selected}
                tabIndex={0}
                onClick={() => open(record.id)}
                onKeyDown={(event) => onKeyDown(event, record.id)}
                sx={{ cursor: 'pointer' }}
                data-testid="resource-row"
              >
                {columns.map((column) => (
                  <TableCell key={column.value} align={column.alignLeft ? 'left' : 'right'}>
                    <FieldValue
                      record={record}
                      source={column.value}
                      type={column.type}
                      enumName={column.enum}
                    />
                    {column.subValue ? (
                      <Typography variant="body2" color="text.secondary" component="div">
                        <FieldValue record={record} source={column.subValue} type="string" />
                      </Typography>
                    ) : null}
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
