import { Alert, Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { OptInItem } from '../../../generated/types';
import { formatDate } from '../../shared/format';
import { usePermissionCheck } from '../auth/use-permission-check';
import { EntryCheckGuard } from '../layout/EntryCheckGuard';
import { PageHeader } from '../layout/PageHeader';
import { enumLabel } from './common/labels';
import { QueryState } from './common/QueryState';
import { useApiQuery } from './common/use-api-query';

/**
 * The opt-in page (document 1 §2), without header, toolbar or sidebar: the terms documents the
 * creditor has not accepted yet with the changes text. Only the main user may accept
 * (optIn.accept); everyone else sees the information text instead.
 */
export function OptInPage() {
  const translate = useTranslate();
  const allowed = usePermissionCheck();
  const query = useApiQuery<OptInItem[]>('/user-management/list-unaccepted-terms-and-conditions');
  const mainUser = allowed('optIn.accept');
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', p: 3 }}>
      <EntryCheckGuard />
      <PageHeader title={translate('ui.nav.optIn')} />
      <Card>
        <CardContent>
          <Alert severity={mainUser ? 'info' : 'warning'} sx={{ mb: 2 }}>
            {translate(
              mainUser ? 'messages.entryChecks.optInRequired' : 'messages.entryChecks.optInMainUserOnly',
            )}
          </Alert>
          <QueryState query={query}>
            {(items) =>
              items.length === 0 ? (
                <Typography>{translate('pages.optIn.none')}</Typography>
              ) : (
                items.map((item) => (
                  <Box key={item.identifier} component="section" aria-label={translate('ui.nav.optIn')}>
                    {item.changesText ? <Typography sx={{ mb: 1 }}>{item.changesText}</Typography> : null}
                    <Typography variant="subtitle2" component="h2">
                      {translate('pages.optIn.intro')}
                    </Typography>
                    <List dense>
                      {(item.documents ?? []).map((document) => (
                        <ListItem key={document.source} disableGutters data-testid="opt-in-document">
                          <ListItemText
                            primary={enumLabel(translate, 'termsDocumentType', document.documentType)}
                            secondary={translate('pages.optIn.version', {
                              version: document.version ?? '',
                              date: formatDate(document.modified),
                            })}
                          />
                        </ListItem>
                      ))}
                    </List>
                  </Box>
                ))
              )
            }
          </QueryState>
        </CardContent>
      </Card>
    </Box>
  );
}
