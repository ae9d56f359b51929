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
import { resources } from '../../../generated/resources';
import type { ResourceConfig } from '../../shared/config-types';
import { usePermissionCheck, useResourceAccessCheck } from '../auth/use-permission-check';
import { FieldValue } from '../widgets/FieldValue';
import { ListEmptyState } from './ListEmptyState';
import { ListLoadError } from './ListLoadError';
import { ResourceTableHead } from './ResourceTableHead';
import { rowTarget } from './row-link';
import type { UrlListController } from './use-url-list-controller';

/**
 * The configured columns of a resource as a table; a row opens the item's details inline, or the
 * detail of the resource the list's `rowLink` names when the row matches it.
 */
export function ResourceTable({ config, selectedId }: { config: ResourceConfig; selectedId?: string }) {
  const translate = useTranslate();
  const list = useListContext() as unknown as UrlListController;
  const allowed = usePermissionCheck();
  const canOpen = useResourceAccessCheck();
  const navigate = useNavigate();
  const location = useLocation();
  const columns = config.list.columns.filter((column) => allowed(column.permission));

  if (list.error) return <ListLoadError onReload={() => list.refetch()} />;

  const open = (record: { id?: unknown; [field: string]: unknown }) => {
    const { pathname, linked } = rowTarget(config, record, resources, canOpen);
    // another resource's list does not share this one's paging and filters
    if (pathname !== location.pathname) navigate(linked ? { pathname } : { pathname, search: location.search });
  };
  const onKeyDown = (event: KeyboardEvent, record: { id?: unknown; [field: string]: unknown }) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(record);
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
                onClick={() => open(record)}
                onKeyDown={(event) => onKeyDown(event, record)}
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
                      widget={column.widget}
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
