import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, usePermissions, useTranslate } from 'ra-core';
import { useState } from 'react';
import { datevSettingsCommands } from '../../../../generated/form-commands/datev-settings';
import { forms } from '../../../../generated/forms';
import { todayIso } from '../../../shared/validation/german-input.parse';
import type { PermissionData } from '../../auth/access';
import { apiDownload } from '../../data/http-client';
import { asIs } from '../../data/use-server-error';
import { commandOfForm } from '../../forms/form-command';
import { FormDialog } from '../../forms/FormDialog';
import { GermanDateField } from '../../forms/GermanDateField';
import { PAGE_QUERY, useApiQuery } from '../common/use-api-query';

const SETTINGS = '/creditor/datev-settings';

interface DatevSettings {
  consultantNumber: number | null;
  clientNumber: number | null;
  fiscalYearStartMonth: number;
  accountLength: number;
  chart: string;
  collectiveDebtorAccount: number | null;
}

/** The first and last day of the month before today: what a tax advisor usually asks for. */
function lastMonth(): [string, string] {
  const today = todayIso();
  const firstOfThis = new Date(`${today.slice(0, 8)}01T00:00:00Z`);
  const end = new Date(firstOfThis.getTime() - 86_400_000).toISOString().slice(0, 10);
  return [`${end.slice(0, 8)}01`, end];
}

/** The DATEV export's dialog (see DatevExportButton): fetched when the button is clicked. */
export function DatevExportDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<PermissionData>();
  const settings = useApiQuery<DatevSettings>(SETTINGS);
  const [[from, to], setRange] = useState(lastMonth);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const mayEdit = Boolean(
    permissions?.roles.some((role) => commandOfForm(forms.datevSettings, datevSettingsCommands)?.roles?.includes(role)),
  );
  const s = settings.data;
  const ready = Boolean(s?.consultantNumber && s.clientNumber);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const { blob, fileName } = await apiDownload('/voucher/datev', `from=${from}&to=${to}`);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const done = translate('ui.list.exportDone', { name: fileName });
      notify(done, { type: 'success', ...asIs(done) });
      onClose();
    } catch (failure) {
      setError((failure as Error).message || translate('datev.export.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <FormDialog
        form={forms.datevSettings}
        commands={datevSettingsCommands}
        initial={Object.fromEntries(Object.entries(s ?? {}).filter(([, value]) => value !== null))}
        onClose={() => setEditing(false)}
        onSuccess={async () => {
          setEditing(false);
          await queryClient.invalidateQueries({ queryKey: [PAGE_QUERY, SETTINGS] });
        }}
      />
    );
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="datev-export-title" fullWidth maxWidth="sm">
      <DialogTitle id="datev-export-title">{translate('datev.export.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('datev.export.intro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <GermanDateField label={translate('datev.export.from')} value={from} onChange={(next) => setRange([next, to])} />
          <GermanDateField label={translate('datev.export.to')} value={to} onChange={(next) => setRange([from, next])} />
        </Stack>
        {settings.isPending ? (
          <CircularProgress size={20} aria-label={translate('ra.page.loading')} />
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" data-testid="datev-settings-summary">
              {ready
                ? translate('datev.export.settingsSummary', {
                    consultant: s!.consultantNumber,
                    client: s!.clientNumber,
                    chart: s!.chart,
                    length: s!.accountLength,
                  })
                : translate('datev.export.noSettings')}
            </Typography>
            {mayEdit ? (
              <Button size="small" onClick={() => setEditing(true)}>
                {translate('datev.export.settings')}
              </Button>
            ) : null}
          </Stack>
        )}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void run()} disabled={busy || !from || !to || !ready} aria-busy={busy}>
          {translate('datev.export.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
