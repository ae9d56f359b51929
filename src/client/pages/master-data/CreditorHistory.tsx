import { List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDate } from '../../../shared/format';
import { enumLabel } from '../common/labels';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';

interface HistoryEntry {
  identifier: string;
  type: string;
  created: number;
  text: string | null;
}

/** The creditor's contract history (GET /creditor/history/list), newest first. */
export function CreditorHistory() {
  const translate = useTranslate();
  const query = useApiQuery<{ entries: HistoryEntry[]; count: number }>(
    '/creditor/history/list?rowsPerPage=25',
  );
  return (
    <QueryState query={query}>
      {({ entries }) =>
        entries.length === 0 ? (
          translate('pages.common.empty')
        ) : (
          <List dense aria-label={translate('pages.masterData.history')}>
            {entries.map((entry) => (
              <ListItem key={entry.identifier} disableGutters>
                <ListItemText
                  primary={`${formatDate(entry.created)} · ${translate(`pages.masterData.historyTypes.${entry.type}`, { _: entry.type })}`}
                  secondary={
                    entry.type === 'sepaUpdateDecided'
                      ? enumLabel(translate, 'sepaUpdateRequestStatus', entry.text)
                      : entry.text
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
