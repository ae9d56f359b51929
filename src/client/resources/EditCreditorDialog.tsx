import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Suspense, useEffect } from 'react';
// opened only from ActionDialog (custom-dialogs.ts), which has loaded the dialogs' commands already
import { dialogCommands } from '../../../generated/dialog-commands';
import { forms } from '../../../generated/forms';
import { apiFetch } from '../data/http-client';
import { FormDialog } from '../forms/FormDialog';
import type { FormValues } from '../forms/form-schema';
import { preloadFormatsOf } from '../forms/lazy-formats';
import type { CustomDialogProps } from './custom-dialogs';

/**
 * "Bearbeiten" on a creditor (POST /creditor/{id}/update): the generic form dialog, prefilled with
 * the creditor's master data from GET /creditor/{id}/edit-values — the list's record holds only a
 * part of them.
 */
export function EditCreditorDialog({ recordId, onClose }: CustomDialogProps) {
  const translate = useTranslate();
  const form = forms.editCreditor;
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['kontor-creditor-edit-values', recordId],
    queryFn: () => apiFetch(`/creditor/${recordId}/edit-values`) as Promise<FormValues>,
    enabled: recordId !== undefined,
    retry: false,
    gcTime: 0,
  });
  // the form's IBAN check (ibantools) comes while the values load; should it come later, the form
  // waits for it (useFormValidator suspends) behind this loading dialog
  useEffect(() => preloadFormatsOf(form), []);
  const loading = (
    <Dialog open onClose={onClose} aria-labelledby="edit-creditor-loading-title">
      <DialogTitle id="edit-creditor-loading-title">{translate(form.label)}</DialogTitle>
      <DialogContent>
        {isPending || data ? (
          <CircularProgress aria-label={translate('ui.actions.running')} />
        ) : error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => refetch()}>
                {translate('ra.action.refresh')}
              </Button>
            }
          >
            {translate('messages.serverError')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ui.form.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
  if (!data) return loading;
  return (
    <Suspense fallback={loading}>
      <FormDialog
        form={form}
        commands={dialogCommands}
        target={{ id: recordId }}
        initial={data}
        resetKey={String(recordId)}
        onClose={onClose}
      />
    </Suspense>
  );
}
