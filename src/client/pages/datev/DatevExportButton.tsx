import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { usePermissionCheck } from '../../auth/use-permission-check';
import { lazyPage } from '../../lazy/lazy-page';

/** The permission of the export (schema/permissions.yaml, issue 30). */
const PERMISSION = 'vouchers.datevExport';

// the dialog brings the form machinery (its settings form), every form and command: fetched when
// it opens, not with the voucher list (issue 32)
const DatevExportDialog = lazyPage<{ onClose(): void }>(() => import('./DatevExportDialog'), 'DatevExportDialog');

/**
 * The voucher list's "DATEV-Export" (issue 30): a dialog with the voucher-date range (two German
 * date fields with calendars) and the DATEV settings it uses, which the main user and management
 * can change there (the generated form datevSettings); the file is GET /voucher/datev. Shown to
 * whoever holds vouchers.datevExport — the main user, management and the observer.
 */
export function DatevExportButton() {
  const translate = useTranslate();
  const allowed = usePermissionCheck();
  const [open, setOpen] = useState(false);
  if (!allowed(PERMISSION)) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadIcon aria-hidden />} onClick={() => setOpen(true)}>
        {translate('datev.export.button')}
      </Button>
      {open ? <DatevExportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

