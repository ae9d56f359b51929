import { Alert, AlertTitle, Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { formatDate, formatMoney } from '../../shared/format';
import { apiFetch } from '../data/http-client';
import { LabeledValues } from '../pages/common/LabeledValues';
import type { FormValues } from './form-schema';
import { dataUrlToFile, sendMultipart } from './form-submit';

/** Props of a form's companion view: the form data and a way to prefill fields. */
export interface CompanionProps {
  data: FormValues;
  prefill(values: FormValues): void;
}

interface Read {
  format: string;
  number: string | null;
  issueDate: string | null;
  amountDue: number | null;
  currency: string | null;
  buyer: {
    name: string | null;
    vatId: string | null;
    street: string | null;
    zip: string | null;
    city: string | null;
    email: string | null;
  } | null;
  paymentMeans: { code: string | null; iban: string | null }[];
}

interface Match {
  kind: 'one' | 'several' | 'none';
  debtorId?: number;
  locationId?: number;
  name?: string;
  reason?: string;
}

/**
 * The upload dialog reads the first chosen invoice BEFORE the upload (POST /api/einvoice/read) and
 * shows what it found — number, date, amount, buyer — and which own customer that is
 * (POST /api/voucher/upload/debtor-match: by VAT id, IBAN, name and address); a recognised customer
 * and its location are chosen in the form — the pickers show them by name — and the buyer's e-mail
 * goes into the e-mail delivery. A refused file shows the reader's German text.
 */
export function EInvoicePreview({ data, prefill }: CompanionProps) {
  const translate = useTranslate();
  const first = Array.isArray(data.invoiceFiles) ? (data.invoiceFiles[0] as string | undefined) : undefined;
  const [state, setState] = useState<{ file: string; read?: Read; match?: Match; error?: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new file starts a read (prefill changes every render)
  useEffect(() => {
    if (!first) {
      setState(null);
      return;
    }
    let cancelled = false;
    setState({ file: first });
    (async () => {
      const body = new FormData();
      body.append('file', dataUrlToFile(first));
      try {
        const read = (await sendMultipart('POST', '/einvoice/read', body)) as Read;
        let match: Match | undefined;
        if (read.format !== 'none' && read.buyer) {
          const debit = read.paymentMeans.find((p) => p.code === '59' && p.iban)?.iban;
          match = await apiFetch<Match>('/voucher/upload/debtor-match', {
            method: 'POST',
            body: {
              ...(read.buyer.vatId ? { vatId: read.buyer.vatId } : {}),
              ...(read.buyer.name ? { name: read.buyer.name } : {}),
              ...(read.buyer.street ? { street: read.buyer.street } : {}),
              ...(read.buyer.zip ? { zip: read.buyer.zip } : {}),
              ...(read.buyer.city ? { city: read.buyer.city } : {}),
              ...(debit ? { iban: debit } : {}),
            },
          });
        }
        if (cancelled) return;
        setState({ file: first, read, match });
        const values: FormValues = {};
        if (match?.kind === 'one') Object.assign(values, { debtor: match.debtorId, location: match.locationId });
        if (read.buyer?.email) Object.assign(values, { deliveryType: 'email', email: read.buyer.email });
        if (Object.keys(values).length) prefill(values);
      } catch (error) {
        if (!cancelled) setState({ file: first, error: (error as { body?: { message?: string } }).body?.message ?? String(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [first]);

  if (!state) return null;
  if (state.error) {
    return (
      <Alert severity="error" sx={{ mb: 2 }} data-testid="einvoice-preview">
        {state.error}
      </Alert>
    );
  }
  if (!state.read) {
    return (
      <Box sx={{ mb: 2, display: 'flex', gap: 1, alignItems: 'center' }} aria-live="polite">
        <CircularProgress size={16} aria-hidden /> {translate('ui.uploadPreview.reading')}
      </Box>
    );
  }
  const { read, match } = state;
  if (read.format === 'none') {
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="einvoice-preview">
        {translate('ui.uploadPreview.plainPdf')}
      </Alert>
    );
  }
  const buyer = [read.buyer?.name, [read.buyer?.zip, read.buyer?.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Alert severity="success" sx={{ mb: 2 }} data-testid="einvoice-preview" aria-live="polite">
      <AlertTitle>{translate('ui.uploadPreview.title')}</AlertTitle>
      <LabeledValues
        items={[
          { label: translate('ui.uploadPreview.number'), value: <span data-testid="einvoice-number">{read.number ?? '–'}</span> },
          { label: translate('ui.uploadPreview.date'), value: read.issueDate ? formatDate(read.issueDate) : '–' },
          { label: translate('ui.uploadPreview.amount'), value: <span data-testid="einvoice-amount">{formatMoney(read.amountDue ?? 0)}</span> },
          { label: translate('ui.uploadPreview.buyer'), value: buyer || '–' },
        ]}
      />
      <Box sx={{ mt: 1 }} data-testid="einvoice-match">
        {match?.kind === 'one'
          ? translate('ui.uploadPreview.matched', { name: match.name, reason: match.reason })
          : match?.kind === 'several'
            ? translate('ui.uploadPreview.several')
            : translate('ui.uploadPreview.none')}
      </Box>
    </Alert>
  );
}
