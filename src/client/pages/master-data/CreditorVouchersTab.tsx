import {
  Box,
  Button,
  Checkbox,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { enums } from '../../../../generated/enums';
import type { CreditorVoucher } from '../../../../generated/types';
import { apiFetch } from '../../data/http-client';
import { useServerError } from '../../data/use-server-error';
import { DateValue } from '../../widgets/DateValue';
import { EnumChip } from '../../widgets/EnumChip';
import { MoneyValue } from '../../widgets/MoneyValue';
import { downloadFile } from '../common/download-file';
import { enumLabel, fieldLabel } from '../common/labels';
import { QueryState } from '../common/QueryState';
import { PAGE_QUERY, useApiQuery } from '../common/use-api-query';

const PAGE_SIZES = [15, 25, 50, 100];
const COMMANDS = '/creditor/creditor-voucher/command/status';
const COLUMNS = ['type', 'voucherDate', 'sapNumber', 'sapReferenceNumber', 'amount', 'readStatus'] as const;

interface Page {
  creditorVouchers: CreditorVoucher[];
  count: number;
  empty: boolean;
}

/**
 * The creditor vouchers (statements): newest first, filter by type, open one as its PDF (it is then
 * marked read; issue 28), select rows to download them as a zip or mark them read or unread, or mark
 * all as read.
 */
export function CreditorVouchersTab() {
  const translate = useTranslate();
  const serverError = useServerError();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const [type, setType] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const search = new URLSearchParams({ page: String(page + 1), rowsPerPage: String(perPage) });
  if (type) search.append('filters[type][]', type);
  const query = useApiQuery<Page>(`/creditor/creditor-voucher/list?${search.toString()}`);
  const label = (field: string) => fieldLabel(translate, 'creditorVoucher', field);

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: [PAGE_QUERY] });
    } catch {
      serverError();
    }
  };
  const mark = (status: 'read-multiple' | 'unread-multiple') =>
    run(() =>
      apiFetch(`${COMMANDS}/${status}`, { method: 'POST', body: { creditorVoucherIdentifiers: selected } }),
    );
  const download = () =>
    run(() =>
      downloadFile(
        `/creditor-voucher/list-download?${selected.map((id) => `creditorVoucherIdentifiers[]=${id}`).join('&')}`,
        'Glaeubigerbelege.zip',
      ),
    );
  const open = (row: CreditorVoucher) =>
    run(async () => {
      await downloadFile(`/creditor-voucher/${row.identifier}/download`);
      if (row.readStatus === 'new')
        await apiFetch(`${COMMANDS}/read-multiple`, {
          method: 'POST',
          body: { creditorVoucherIdentifiers: [row.identifier] },
        });
    });
  const rowName = (row: CreditorVoucher) =>
    `${enumLabel(translate, 'creditorVoucherType', row.type)} ${row.sapNumber ?? ''}`.trim();
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label={label('type')}
          value={type}
          onChange={(event) => {
            setType(event.target.value);
            setPage(0);
          }}
          sx={{ width: 280, flex: '0 0 auto' }}
        >
          <MenuItem value="">
            <em>–</em>
          </MenuItem>
          {enums.creditorVoucherType.values.map((entry) => (
            <MenuItem key={String(entry.value)} value={String(entry.value)}>
              {enumLabel(translate, 'creditorVoucherType', entry.value)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" disabled={selected.length === 0} onClick={download}>
          {translate('pages.creditorVouchers.download')}
        </Button>
        <Button disabled={selected.length === 0} onClick={() => mark('read-multiple')}>
          {translate('pages.creditorVouchers.markRead')}
        </Button>
        <Button disabled={selected.length === 0} onClick={() => mark('unread-multiple')}>
          {translate('pages.creditorVouchers.markUnread')}
        </Button>
        <Button onClick={() => run(() => apiFetch(`${COMMANDS}/read-all`, { method: 'POST' }))}>
          {translate('pages.creditorVouchers.readAll')}
        </Button>
      </Box>
      <QueryState query={query}>
        {(data) => {
          const ids = data.creditorVouchers.map((row) => row.identifier);
          const allSelected = ids.length > 0 && ids.every((id) => selected.includes(id));
          return (
            <>
              <TableContainer
                tabIndex={0}
                role="region"
                aria-label={translate('entities.creditorVoucher.name')}
              >
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={allSelected}
                          onChange={() =>
                            setSelected((current) =>
                              allSelected
                                ? current.filter((id) => !ids.includes(id))
                                : [...new Set([...current, ...ids])],
                            )
                          }
                          slotProps={{ input: { 'aria-label': translate('pages.common.selectAll') } }}
                        />
                      </TableCell>
                      {COLUMNS.map((column) => (
                        <TableCell
                          key={column}
                          align={column === 'amount' ? 'right' : 'left'}
                          sx={{ fontWeight: 600 }}
                        >
                          {label(column)}
                        </TableCell>
                      ))}
                      <TableCell sx={{ fontWeight: 600 }}>{translate('pages.creditorVouchers.column')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.creditorVouchers.length === 0 ? (
                      <TableRow>
                        <TableCell colSpan={COLUMNS.length + 2}>
                          {translate(data.empty ? 'ui.list.noData' : 'ui.list.noResults')}
                        </TableCell>
                      </TableRow>
                    ) : null}
                    {data.creditorVouchers.map((row) => (
                      <TableRow
                        key={row.identifier}
                        hover
                        selected={selected.includes(row.identifier)}
                        data-testid="creditor-voucher-row"
                        sx={{ '& td': { fontWeight: row.readStatus === 'new' ? 600 : undefined } }}
                      >
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.includes(row.identifier)}
                            onChange={() => toggle(row.identifier)}
                            slotProps={{
                              input: {
                                'aria-label': translate('pages.common.selectRow', { name: rowName(row) }),
                              },
                            }}
                          />
                        </TableCell>
                        <TableCell>{enumLabel(translate, 'creditorVoucherType', row.type)}</TableCell>
                        <TableCell>
                          <DateValue value={row.voucherDate} />
                        </TableCell>
                        <TableCell>{row.sapNumber ?? '–'}</TableCell>
                        <TableCell>{row.sapReferenceNumber ?? '–'}</TableCell>
                        <TableCell align="right">
                          <MoneyValue value={row.amount} />
                        </TableCell>
                        <TableCell>
                          <EnumChip value={row.readStatus} enumName="creditorVoucherReadStatus" />
                        </TableCell>
                        <TableCell>
                          <Button
                            size="small"
                            onClick={() => open(row)}
                            aria-label={translate('pages.creditorVouchers.openOne', { name: rowName(row) })}
                          >
                            {translate('pages.creditorVouchers.open')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePagination
                component="div"
                count={data.count}
                page={page}
                rowsPerPage={perPage}
                rowsPerPageOptions={PAGE_SIZES}
                onPageChange={(_, next) => setPage(next)}
                onRowsPerPageChange={(event) => {
                  setPerPage(Number(event.target.value));
                  setPage(0);
                }}
                labelRowsPerPage={translate('ui.list.rowsPerPage')}
                labelDisplayedRows={({ from, to, count }) =>
                  `${from}–${to} ${translate('ui.list.from')} ${count}`
                }
              />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
