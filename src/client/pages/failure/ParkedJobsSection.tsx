import { Button, Card, CardContent, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { apiFetch } from '../../data/http-client';
import { asIs } from '../../data/use-server-error';
import { QueryState } from '../common/QueryState';
import { PAGE_QUERY, useApiQuery } from '../common/use-api-query';

interface ParkedJob {
  kind: 'processing' | 'mail';
  id: number;
  parkedAt: number;
  attempts: number;
  lastError: string | null;
  subject: string;
}

const KIND_LABEL = { processing: 'adminCommands.parkedJobKindProcessing', mail: 'adminCommands.parkedJobKindMail' } as const;

/**
 * The background jobs parked after too many failed attempts (`GET /api/admin/parked-jobs`, issue 27)
 * with their error, each with "Erneut ausführen" (the retry commands of adminActions.yaml), for the
 * admin actions page. Shown to administrators and super administrators (the list's own rule).
 */
export function ParkedJobsSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const query = useApiQuery<{ entries: ParkedJob[] }>('/admin/parked-jobs');
  const retry = async (job: ParkedJob) => {
    setBusy(`${job.kind}-${job.id}`);
    try {
      await apiFetch(`/admin/parked-jobs/${job.kind}/${job.id}/retry`, { method: 'POST', body: {} });
      const text = translate('adminCommands.parkedJobRetried');
      notify(text, { type: 'success', ...asIs(text) });
    } catch (error) {
      const text = (error as Error).message || translate('messages.serverError');
      notify(text, { type: 'error', ...asIs(text) });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: [PAGE_QUERY, '/admin/parked-jobs'] });
    }
  };
  if (query.error && (query.error as { status?: number }).status === 403) return null;
  return (
    <Card component="section" aria-labelledby="parked-jobs-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="parked-jobs-title" variant="h6" component="h2" gutterBottom>
          {translate('adminCommands.parkedJobsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('adminCommands.parkedJobsInfo')}
        </Typography>
        <QueryState query={query}>
          {({ entries }) =>
            entries.length ? (
              <Table size="small" data-testid="parked-jobs">
                <TableBody>
                  {entries.map((job) => (
                    <TableRow key={`${job.kind}-${job.id}`}>
                      <TableCell>{formatDateTime(job.parkedAt)}</TableCell>
                      <TableCell>
                        {translate(KIND_LABEL[job.kind])}
                        <Typography variant="body2" color="text.secondary">
                          {job.subject} · {job.attempts}×
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{job.lastError ?? '–'}</TableCell>
                      <TableCell align="right">
                        <Button size="small" variant="outlined" disabled={busy !== null} onClick={() => void retry(job)}>
                          {translate('adminCommands.parkedJobRetry')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography>{translate('adminCommands.parkedJobsEmpty')}</Typography>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
