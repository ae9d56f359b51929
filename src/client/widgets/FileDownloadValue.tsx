import { Link } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { downloadFile } from '../pages/common/download-file';
import type { ValueWidgetProps } from './field-value';

/**
 * The file name of a stored path (`/files/<creditor>/<kind>/<uuid>-<name>` → `<name>`), for the
 * link text and the saved file.
 *
 * @example fileNameOfPath('/files/K1/uploads/0b4c…-Rechnung.pdf') // 'Rechnung.pdf'
 */
export function fileNameOfPath(path: string): string {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return decodeURIComponent(last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, ''));
}

/**
 * A stored file's path as a download link (GET /api/files/…, checked against the own creditor);
 * the server path itself is never shown as text.
 */
export function FileDownloadValue({ value }: ValueWidgetProps) {
  const translate = useTranslate();
  const notify = useNotify();
  if (typeof value !== 'string' || !value.startsWith('/files/')) return <span>–</span>;
  const name = fileNameOfPath(value);
  const download = () => {
    downloadFile(value, name).catch(() => notify('ui.download.failed', { type: 'error' }));
  };
  return (
    <Link
      component="button"
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        download();
      }}
      aria-label={translate('ui.download.file', { name })}
    >
      {translate('ui.download.label')}
    </Link>
  );
}
