import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { Fragment, useMemo, useState } from 'react';
import {
  type ComparisonCell,
  type ComparisonRow,
  formatComparisonValue,
  type VariantComparison,
} from '../../../shared/variant-comparison';
import { startPreview } from '../../auth/product-preview';
import { apiFetch } from '../../data/http-client';
import { PageHeader } from '../../layout/PageHeader';

const COLOUR = /^#[0-9a-f]{3,8}$/i;

/**
 * The product owners' comparison (issue 16, `/variant-comparison`): the products side by side —
 * names, logos, colours, contact data, links, fees, onboarding rules, every permission switch,
 * status groups and every changed wording — each cell with the YAML line it comes from (tooltip)
 * and marked when it is the product's own setting rather than the default. Super admins; in dev
 * mode (`npm run dev`) also without login at `/dev/variant-comparison`.
 */
export function VariantComparisonPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['variant-comparison'],
    queryFn: () => apiFetch<VariantComparison>('/variants/comparison'),
    retry: false,
  });
  const [onlyDifferences, setOnlyDifferences] = useState(true);
  const [search, setSearch] = useState('');
  const [hidden, setHidden] = useState<string[]>([]);

  const data = query.data;
  const shown = useMemo(() => (data ? data.products.filter((p) => !hidden.includes(p.code)) : []), [data, hidden]);
  const rows = useMemo(() => {
    if (!data) return [];
    const needle = search.trim().toLowerCase();
    return data.rows.filter((row) => {
      if (needle && !`${row.label} ${row.key} ${row.section}`.toLowerCase().includes(needle)) return false;
      if (!onlyDifferences) return true;
      const values = shown.map((p) => JSON.stringify(row.cells[p.code]?.value ?? null));
      return new Set(values).size > 1;
    });
  }, [data, search, onlyDifferences, shown]);

  return (
    <>
      <PageHeader title={translate('variantComparison.title')} subtitle={translate('variantComparison.subtitle')} />
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('variantComparison.title')} />
        </Box>
      ) : query.isError || !data ? (
        <Alert severity="error">{translate('variantComparison.loadFailed')}</Alert>
      ) : (
        <Card>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}
          >
            <TextField
              size="small"
              label={translate('variantComparison.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              sx={{ minWidth: 240 }}
            />
            <FormControlLabel
              control={<Switch checked={onlyDifferences} onChange={(_, checked) => setOnlyDifferences(checked)} />}
              label={translate('variantComparison.onlyDifferences')}
            />
            <Box role="group" aria-label={translate('variantComparison.products')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {data.products.map((p) => {
                const on = !hidden.includes(p.code);
                return (
                  <Chip
                    key={p.code}
                    label={p.code}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    aria-pressed={on}
                    onClick={() => setHidden((list) => (on ? [...list, p.code] : list.filter((c) => c !== p.code)))}
                  />
                );
              })}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ ml: { md: 'auto' } }}>
              {translate('variantComparison.rowCount', { count: rows.length, total: data.rows.length })}
            </Typography>
          </Stack>
          <TableContainer sx={{ maxHeight: 'calc(100vh - 260px)' }}>
            <Table stickyHeader size="small" aria-label={translate('variantComparison.title')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ minWidth: 220, position: 'sticky', left: 0, zIndex: 3, bgcolor: 'background.paper' }}>
                    {translate('variantComparison.row')}
                  </TableCell>
                  {shown.map((p) => (
                    <TableCell key={p.code} sx={{ minWidth: 160 }}>
                      <Typography variant="subtitle2" component="span">
                        {p.code}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {p.productName}
                      </Typography>
                      <Button
                        size="small"
                        startIcon={<VisibilityIcon aria-hidden />}
                        aria-label={translate('variantComparison.previewOf', { product: p.productName })}
                        onClick={() => startPreview(p.code).catch(() => notify('variantComparison.previewFailed', { type: 'error' }))}
                        sx={{ mt: 0.5, px: 0.5 }}
                      >
                        {translate('variantComparison.preview')}
                      </Button>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={shown.length + 1}>{translate('variantComparison.noRows')}</TableCell>
                  </TableRow>
                ) : (
                  rows.map((row, index) => (
                    <Fragment key={row.key}>
                      {index === 0 || rows[index - 1].section !== row.section ? (
                        <TableRow>
                          <TableCell
                            component="th"
                            scope="colgroup"
                            colSpan={shown.length + 1}
                            sx={{ bgcolor: 'action.hover', fontWeight: 600 }}
                          >
                            {row.section}
                          </TableCell>
                        </TableRow>
                      ) : null}
                      <ComparisonTableRow row={row} codes={shown.map((p) => p.code)} />
                    </Fragment>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
    </>
  );
}

function ComparisonTableRow({ row, codes }: { row: ComparisonRow; codes: string[] }) {
  const translate = useTranslate();
  return (
    <TableRow hover>
      <TableCell
        component="th"
        scope="row"
        sx={{ position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', verticalAlign: 'top' }}
      >
        <Typography variant="body2">{row.label}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {row.key}
        </Typography>
        {row.defaultValue !== undefined ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {translate('variantComparison.defaultValue', { value: formatComparisonValue(row.defaultValue) })}
          </Typography>
        ) : null}
      </TableCell>
      {codes.map((code) => (
        <ValueCell key={code} cell={row.cells[code]} />
      ))}
    </TableRow>
  );
}

function ValueCell({ cell }: { cell: ComparisonCell | undefined }) {
  const translate = useTranslate();
  if (!cell) return <TableCell />;
  const text = formatComparisonValue(cell.value);
  const own = cell.origin === 'variant';
  const origin = own ? translate('variantComparison.own') : translate('variantComparison.default');
  const content = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {typeof cell.value === 'string' && COLOUR.test(cell.value) ? (
        <Box
          aria-hidden
          sx={{ width: 16, height: 16, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: cell.value }}
        />
      ) : null}
      {typeof cell.value === 'string' && /^\/logos\/.+\.(svg|png)$/.test(cell.value) ? (
        <Box component="img" src={cell.value} alt="" sx={{ height: 20, maxWidth: 90 }} />
      ) : null}
      <Typography variant="body2" sx={{ fontWeight: own ? 600 : 400, wordBreak: 'break-word' }}>
        {text}
      </Typography>
    </Box>
  );
  return (
    <TableCell sx={{ verticalAlign: 'top', bgcolor: own ? 'action.selected' : undefined }}>
      <Tooltip title={cell.source ? `${origin} · ${cell.source}` : origin}>
        <Box tabIndex={0} aria-label={`${text} (${cell.source ? `${origin}, ${cell.source}` : origin})`}>
          {content}
        </Box>
      </Tooltip>
    </TableCell>
  );
}
