import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useGetIdentity, useListContext, useStore, useTranslate } from 'ra-core';
import { type KeyboardEvent, type MouseEvent, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { resources } from '../../../generated/resources';
import type { ColumnConfig, ResourceConfig } from '../../shared/config-types';
import { usePermissionCheck, useResourceAccessCheck } from '../auth/use-permission-check';
import { ColumnValue, FieldValue } from '../widgets/FieldValue';
import { ColumnChooser } from './ColumnChooser';
import {
  availableWidth,
  CELL_PADDING_X,
  type ColumnChoice,
  cardsFit,
  fitColumns,
  NO_CHOICE,
  tableWidth,
} from './column-fit';
import { getByPath } from '../widgets/field-value';
import { ListEmptyState } from './ListEmptyState';
import { ListLoadError } from './ListLoadError';
import { ResourceTableHead } from './ResourceTableHead';
import { rowTarget } from './row-link';
import type { UrlListController } from './use-url-list-controller';

/** The width of the browser's vertical scrollbar (0 with overlay scrollbars), measured once. */
let scrollbar: number | undefined;
function scrollbarWidth(): number {
  if (scrollbar === undefined) {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll';
    document.body.appendChild(probe);
    scrollbar = probe.offsetWidth - probe.clientWidth;
    probe.remove();
  }
  return scrollbar;
}

/**
 * The width the table's columns may take in an element, followed as it changes (0 before the
 * first layout; see `availableWidth` for the scrollbars). A callback ref: an element that mounts
 * later — the list after a failed load is reloaded — is measured too.
 */
function useAvailableWidth<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const bar = scrollbarWidth();
      const pageBar = Math.min(bar, Math.max(0, window.innerWidth - document.documentElement.clientWidth));
      setWidth(availableWidth(element.clientWidth, bar, pageBar));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}

/** A cell whose content is cut (a long status chip, say) shows its full text on hover. */
function titleIfCut(event: MouseEvent<HTMLElement>) {
  const cell = event.currentTarget;
  if (cell.title) return;
  const cut = [cell, ...cell.querySelectorAll<HTMLElement>('*')].some(
    (element) => element.scrollWidth > element.clientWidth + 1,
  );
  if (cut) cell.title = cell.innerText.replace(/\s+/g, ' ').trim();
}

/**
 * The configured columns of a resource as a table; a row opens the item's details inline, or the
 * detail of the resource the list's `rowLink` names when the row matches it. The table shows the
 * columns that fit its width by their YAML priority (fewer with the detail panel open), the user
 * chooses columns under "Spalten" (kept per user and list), and a list too narrow even for the
 * columns that always stay (a phone) shows each row as a card.
 */
export function ResourceTable({ config, selectedId }: { config: ResourceConfig; selectedId?: string }) {
  const translate = useTranslate();
  const list = useListContext() as unknown as UrlListController;
  const allowed = usePermissionCheck();
  const canOpen = useResourceAccessCheck();
  const navigate = useNavigate();
  const location = useLocation();
  // the choice is the user's: offered only once the user is known (a choice made before would be lost)
  const { identity } = useGetIdentity();
  const owner = identity?.id;
  const [choice, setChoice] = useStore<ColumnChoice>(
    `kontor.columns.${owner ?? 'unknown'}.${config.name}`,
    NO_CHOICE,
  );
  const [box, width] = useAvailableWidth<HTMLDivElement>();
  const columns = config.list.columns.filter((column) => allowed(column.permission));
  const fit = fitColumns(columns, width || Number.POSITIVE_INFINITY, choice);
  const smallScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const asCards = cardsFit(columns, width, smallScreen);

  if (list.error) return <ListLoadError onReload={() => list.refetch()} />;

  const open = (record: { id?: unknown; [field: string]: unknown }) => {
    const { pathname, linked } = rowTarget(config, record, resources, canOpen);
    // another resource's list does not share this one's paging and filters
    if (pathname !== location.pathname)
      navigate(linked ? { pathname } : { pathname, search: location.search });
  };
  const onKeyDown = (event: KeyboardEvent, record: { id?: unknown; [field: string]: unknown }) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(record);
    }
  };
  const rows = list.data ?? [];
  const shown = asCards ? columns.filter((column) => column.priority < 3) : fit.shown;

  return (
    <Box ref={box}>
      {asCards || owner === undefined ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 0.5 }}>
          <ColumnChooser
            columns={columns}
            shown={fit.shown}
            tooNarrow={fit.tooNarrow}
            choice={choice}
            onChange={setChoice}
          />
        </Box>
      )}
      {list.isFetching ? <LinearProgress aria-hidden sx={{ height: 2 }} /> : <div style={{ height: 2 }} />}
      {asCards ? (
        <ResourceCards
          config={config}
          columns={shown}
          rows={rows}
          selectedId={selectedId}
          open={open}
          onKeyDown={onKeyDown}
          pending={list.isPending}
        />
      ) : (
        // a wide table scrolls; keyboard users must be able to reach and scroll it
        // the container scrolls itself, so the sticky header stays in sight (issue 15 item 1)
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label={translate(config.label)}
          sx={{ maxHeight: 'calc(100vh - 220px)', minHeight: 200 }}
        >
          {/* laid out fixed: each column is as wide as the YAML says, so what fits by the sum fits on screen */}
          <Table
            size="small"
            stickyHeader
            aria-busy={list.isPending}
            sx={{
              tableLayout: 'fixed',
              width: '100%',
              minWidth: tableWidth(shown),
              '& .MuiTableCell-root': { px: `${CELL_PADDING_X}px` },
            }}
          >
            <ResourceTableHead columns={shown} />
            <TableBody>
              {!list.isPending && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={shown.length}>
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
                    {shown.map((column, index) => (
                      <TableCell
                        key={column.value}
                        align={column.alignLeft ? 'left' : 'right'}
                        title={cellTitle(record, column) || undefined}
                        onMouseEnter={titleIfCut}
                        sx={index === 0 ? STICKY_FIRST : CUT}
                        data-testid={`cell-${column.value}`}
                      >
                        <Box sx={TRUNCATED}>
                          <ColumnValue record={record} column={column} />
                        </Box>
                        {column.subValue ? (
                          <Typography variant="body2" color="text.secondary" component="div" sx={TRUNCATED}>
                            <FieldValue
                              record={record}
                              source={column.subValue}
                              type="string"
                              readingWhen={column.subReadingWhen}
                            />
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
      )}
    </Box>
  );
}

/** a cell keeps to its column's width: one line, cut with an ellipsis (the full text on hover) */
const CUT = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** the first column stays in sight when the table scrolls sideways */
const tint = (color: string) => `linear-gradient(${color}, ${color})`;
const STICKY_FIRST = {
  ...CUT,
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  // the row's tint (hover, selected) laid over the paper: the cell stays opaque for the columns
  // scrolled under it and still shows which row is chosen
  '.MuiTableRow-hover:hover > &': { backgroundImage: (theme: Theme) => tint(theme.palette.action.hover) },
  '.Mui-selected > &': {
    backgroundImage: (theme: Theme) =>
      tint(alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)),
  },
} as const;

type Row = { id?: unknown; [field: string]: unknown };

/** The rows as cards (a phone): the first column as the card's title, the others as label and value. */
function ResourceCards({
  config,
  columns,
  rows,
  selectedId,
  open,
  onKeyDown,
  pending,
}: {
  config: ResourceConfig;
  columns: ColumnConfig[];
  rows: Row[];
  selectedId?: string;
  open: (record: Row) => void;
  onKeyDown: (event: KeyboardEvent, record: Row) => void;
  pending: boolean;
}) {
  const translate = useTranslate();
  const [title, ...rest] = columns;
  if (!pending && rows.length === 0) return <ListEmptyState config={config} />;
  return (
    <Box
      component="ul"
      aria-label={translate(config.label)}
      aria-busy={pending}
      sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}
    >
      {rows.map((record) => {
        const selected = String(record.id) === selectedId;
        return (
          <Box
            component="li"
            key={String(record.id)}
            tabIndex={0}
            aria-current={selected ? 'true' : undefined}
            onClick={() => open(record)}
            onKeyDown={(event) => onKeyDown(event, record)}
            data-testid="resource-row"
            sx={{
              border: 1,
              borderColor: selected ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 1.5,
              cursor: 'pointer',
              '&:focus-visible': { outline: '2px solid', outlineOffset: 2 },
            }}
          >
            {title ? (
              <Typography
                component="div"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                data-testid={`cell-${title.value}`}
              >
                <ColumnValue record={record} column={title} />
              </Typography>
            ) : null}
            {title?.subValue ? (
              <Typography
                variant="body2"
                color="text.secondary"
                component="div"
                sx={{ overflowWrap: 'anywhere' }}
              >
                <FieldValue
                  record={record}
                  source={title.subValue}
                  type="string"
                  readingWhen={title.subReadingWhen}
                />
              </Typography>
            ) : null}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.25,
                m: 0,
                mt: 0.5,
              }}
            >
              {rest.map((column) => (
                <Box key={column.value} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {translate(column.text)}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, overflowWrap: 'anywhere' }}
                    data-testid={`cell-${column.value}`}
                  >
                    <ColumnValue record={record} column={column} />
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** Column types whose full text is the cell's title (other cells get one on hover when cut). */
const TEXT_TYPES = new Set(['string', 'text', 'email', 'id']);
const TRUNCATED = {
  maxWidth: '100%',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

/**
 * The full text of a text cell (main value and sub value), shown on hover where the cell cuts it.
 *
 * @example cellTitle({ location: { name: 'Lager Nord', customNumber: 'L-7' } }, { value: 'location.name', subValue: 'location.customNumber', type: 'string' }) // 'Lager Nord – L-7'
 */
export function cellTitle(
  record: unknown,
  column: Pick<ColumnConfig, 'value' | 'subValue' | 'type'>,
): string {
  if (!TEXT_TYPES.has(column.type)) return '';
  const text = (path?: string) => {
    const value = path ? getByPath(record, path) : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  return [text(column.value), text(column.subValue)].filter(Boolean).join(' – ');
}
