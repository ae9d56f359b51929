import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDateTime } from '../../../shared/format';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';

interface ClientErrorEntry {
  id: number;
  createdAt: number;
  username: string | null;
  message: string;
  url: string;
  frontendVersion: string;
}

/**
 * The browser error reports (chunk-load failures that were not an HTML answer, `GET
 * /api/admin/client-errors`), newest 15, for the admin actions page.
 */
export function ClientErrorsSection() {
  const translate = useTranslate();
  const query = useApiQuery<{ entries: ClientErrorEntry[]; count: number }>('/admin/client-errors');
  return (
    <Card component="section" aria-labelledby="client-errors-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="client-errors-title" variant="h6" component="h2" gutterBottom>
          {translate('selfservice.clientErrors.title')}
        </Typography>
        <QueryState query={query}>
          {({ entries }) =>
            entries.length ? (
              <Table size="small" data-testid="client-errors">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('selfservice.clientErrors.when')}</TableCell>
                    <TableCell>{translate('selfservice.clientErrors.user')}</TableCell>
                    <TableCell>{translate('selfservice.clientErrors.message')}</TableCell>
                    <TableCell>{translate('selfservice.clientErrors.version')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {entries.map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell>{formatDateTime(entry.createdAt)}</TableCell>
                      <TableCell>{entry.username ?? '–'}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        {entry.message}
                        <Typography variant="body2" color="text.secondary">
                          {entry.url}
                        </Typography>
                      </TableCell>
                      <TableCell>{entry.frontendVersion}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography>{translate('selfservice.clientErrors.none')}</Typography>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
