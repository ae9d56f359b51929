import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { downloadFile } from '../pages/common/download-file';
import type { ClientActionProps } from './client-actions';

const FORMATS = ['xrechnungUbl', 'xrechnungCii', 'zugferd'] as const;

/**
 * "E-Rechnung herunterladen" of a voucher (issue 29): the e-invoice in its location's format or
 * one chosen here, from GET /voucher/{id}/einvoice. The server checks tenant and permission and
 * answers missing seller data with a German message, shown here.
 */
export function DownloadEInvoiceDialog({ recordId, onClose }: ClientActionProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [format, setFormat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const download = async () => {
    if (recordId === undefined) return;
    setSending(true);
    setError(null);
    try {
      await downloadFile(`/voucher/${recordId}/einvoice${format ? `?format=${format}` : ''}`);
      onClose();
    } catch (failure) {
      setError((failure as Error).message || translate('messages.serverError'));
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('ui.actions.eInvoiceTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('ui.actions.eInvoiceText')}</DialogContentText>
        <TextField
          select
          fullWidth
          margin="normal"
          label={translate('ui.actions.eInvoiceFormat')}
          value={format}
          onChange={(event) => setFormat(event.target.value)}
        >
          <MenuItem value="">{translate('ui.actions.eInvoiceLocationFormat')}</MenuItem>
          {FORMATS.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`enums.eInvoiceFormat.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={download} disabled={sending}>
          {translate('ui.actions.eInvoiceDownload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
