import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { LogItem } from '../../../generated/types';
import { formatDateTime } from '../../shared/format';
import { fieldLabel } from '../pages/common/labels';
import { QueryState } from '../pages/common/QueryState';
import { useApiQuery } from '../pages/common/use-api-query';
import type { TabWidgetProps } from './tab-widgets';

// the API path of each resource's process log (document 1 §7)
const PATHS: Record<string, string> = { debtors: 'debtor', vouchers: 'voucher' };
const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The process log of a debtor or voucher (admin view: GET /debtor/{id}/process-log/list,
 * /voucher/{id}/process-log/list), newest first: when, the message, channel and context.
 */
export function ProcessLogTab({ record, resource }: TabWidgetProps) {
  const translate = useTranslate();
  const path = PATHS[resource];
  const query = useApiQuery<LogItem[] | { entries: LogItem[] }>(
    `/${path}/${record.id}/process-log/list`,
    Boolean(path) && record.id != null,
  );
  const label = (field: string) => fieldLabel(translate, 'logItem', field);

  return (
    <QueryState query={query}>
      {(body) => {
        const entries = Array.isArray(body) ? body : body.entries;
        return entries.length === 0 ? (
          <Typography sx={{ py: 2 }} data-testid="process-log-empty">
            {translate('ui.list.noData')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {entries.map((entry) => (
              <ListItem
                key={entry.identifier}
                divider
                alignItems="flex-start"
                data-testid="process-log-entry"
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                      <Typography component="time" variant="body2" dateTime={isoOf(entry.creationDate)}>
                        {formatDateTime(entry.creationDate)}
                      </Typography>
                      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                        {entry.message}
                      </Typography>
                    </Box>
                  }
                  secondary={
                    <>
                      {entry.channel ? (
                        <Box component="span" sx={{ display: 'block' }}>
                          {label('channel')}: {entry.channel}
                        </Box>
                      ) : null}
                      {entry.context ? (
                        <Box component="span" sx={{ display: 'block', wordBreak: 'break-word' }}>
                          {label('context')}: {entry.context}
                        </Box>
                      ) : null}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        );
      }}
    </QueryState>
  );
}
