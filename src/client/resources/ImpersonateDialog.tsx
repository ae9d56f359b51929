import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { startImpersonation } from '../auth/impersonation';
import { useVariant } from '../variant/VariantContext';

/**
 * Confirms an impersonation of the shown creditor user and switches (document 2 §6). A user of
 * another product is refused by the server with the text naming the portal to use; it is shown here.
 */
export function ImpersonateDialog({
  record,
  recordId,
  onClose,
}: {
  record?: Record<string, unknown>;
  recordId?: string | number;
  onClose(): void;
}) {
  const translate = useTranslate();
  const variant = useVariant();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const username = String(record?.username ?? record?.email ?? '');

  const confirm = async () => {
    if (recordId === undefined) return;
    setSending(true);
    setError(null);
    try {
      await startImpersonation(recordId, variant.code);
    } catch (failure) {
      setError((failure as Error).message || translate('messages.serverError'));
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('adminUi.impersonateTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('adminUi.impersonateText', { username })}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={sending}>
          {translate('adminUi.impersonateConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
