import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, CircularProgress } from '@mui/material';
import { useListContext, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { resources } from '../../../generated/resources';
import { formatFileSize } from '../../shared/format';
import { apiDownload } from '../data/http-client';
import { asIs } from '../data/use-server-error';
import { buildExportQuery } from '../data/list-query';

/**
 * A list's export button (`list.export` of its resource YAML): downloads the CSV for the list's
 * current filters and sort; while it runs the button shows how much has arrived.
 */
export function ListExportButton({ resource }: { resource: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [bytes, setBytes] = useState<number | null>(null);
  const entry = resources[resource]?.list.export;
  if (!entry) return null;

  const run = async () => {
    setBytes(0);
    try {
      const query = buildExportQuery({ filter: filterValues, sort });
      const { blob, fileName } = await apiDownload(entry.path, query, setBytes);
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
    } catch {
      notify('ui.list.exportFailed', { type: 'error' });
    } finally {
      setBytes(null);
    }
  };

  const busy = bytes !== null;
  return (
    <Button
      variant="outlined"
      onClick={run}
      disabled={busy || total === 0}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadIcon aria-hidden />}
    >
      {busy ? translate('ui.list.exporting', { size: formatFileSize(bytes) }) : translate(entry.label)}
    </Button>
  );
}
