import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { DebtorHistoryEntry } from '../../../generated/types';
import { formatDateTime } from '../../shared/format';
import { fieldLabel } from '../pages/common/labels';
import { QueryState } from '../pages/common/QueryState';
import { useApiQuery } from '../pages/common/use-api-query';
import type { TabWidgetProps } from './tab-widgets';

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The debtor's history (GET /debtor/{id}/history/list, newest first) as a list with German dates:
 * when, what, the location it concerns and who caused it. Loading shows a spinner, a failed load an
 * error with a reload button (document 1 §8), no entries the no-data text.
 */
export function DebtorHistoryTab({ record }: TabWidgetProps) {
  const translate = useTranslate();
  const query = useApiQuery<DebtorHistoryEntry[]>(`/debtor/${record.id}/history/list`, record.id != null);
  const label = (field: string) => fieldLabel(translate, 'debtorHistoryEntry', field);

  return (
    <QueryState query={query}>
      {(entries) =>
        entries.length === 0 ? (
          <Typography sx={{ py: 2 }} data-testid="debtor-history-empty">
            {translate('ui.list.noData')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {entries.map((entry) => (
              <ListItem key={entry.id} divider alignItems="flex-start" data-testid="debtor-history-entry">
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                      <Typography component="time" variant="body2" dateTime={isoOf(entry.created)}>
                        {formatDateTime(entry.created)}
                      </Typography>
                      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                        {entry.title}
                      </Typography>
                    </Box>
                  }
                  secondary={
                    <>
                      {entry.text ? (
                        <Box component="span" sx={{ display: 'block' }}>
                          {entry.text}
                        </Box>
                      ) : null}
                      {entry.location ? (
                        <Box component="span" sx={{ display: 'block' }}>
                          {label('location')}: {entry.location.name}
                        </Box>
                      ) : null}
                      {entry.userEmail ? (
                        <Box component="span" sx={{ display: 'block' }}>
                          {label('userEmail')}: {entry.userEmail}
                        </Box>
                      ) : null}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )
      }
    </QueryState>
  );
}
