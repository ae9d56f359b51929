import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { acceptTermsCommands } from '../../../generated/form-commands/accept-terms';
import { acceptTermsForm } from '../../../generated/forms/accept-terms';
import type { OptInItem } from '../../../generated/types';
import { formatDate } from '../../shared/format';
import { usePermissionCheck } from '../auth/use-permission-check';
import { useReloadIdentity } from '../auth/use-reload-identity';
import { LazyFormDialog as FormDialog } from '../forms/LazyFormDialog';
import { EntryCheckGuard } from '../layout/EntryCheckGuard';
import { PageHeader } from '../layout/PageHeader';
import { EntryLogoutButton } from './account/EntryLogoutButton';
import { downloadFile } from './common/download-file';
import { enumLabel } from './common/labels';
import { QueryState } from './common/QueryState';
import { useApiQuery } from './common/use-api-query';

type OptInDocument = NonNullable<OptInItem['documents']>[number];

/**
 * The opt-in page (document 1 §2), without header, toolbar or sidebar: the terms documents the
 * creditor has not accepted yet with the changes text, each downloadable as PDF. Only the main user
 * may accept (optIn.accept: the acceptTerms form, POST
 * /user-management/approve-terms-and-conditions/{approvalId}); everyone else sees the information
 * text. Everyone can log out. Once nothing is open the guard returns to the previous page.
 */
export function OptInPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const allowed = usePermissionCheck();
  const reload = useReloadIdentity();
  const query = useApiQuery<OptInItem[]>('/user-management/list-unaccepted-terms-and-conditions');
  const [accepting, setAccepting] = useState<string | null>(null);
  const mainUser = allowed('optIn.accept');

  const download = (document: OptInDocument) =>
    // the server names the file in German (Content-Disposition), not by its stored path
    downloadFile(`/user-management/terms-document/download?source=${encodeURIComponent(document.source ?? '')}`).catch(() => notify('messages.serverError', { type: 'error' }));

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
                  <Box key={item.identifier} component="section" aria-label={translate('ui.nav.optIn')} sx={{ mb: 2 }}>
                    {item.changesText ? <Typography sx={{ mb: 1 }}>{item.changesText}</Typography> : null}
                    <Typography variant="subtitle2" component="h2">
                      {translate('pages.optIn.intro')}
                    </Typography>
                    <List dense>
                      {(item.documents ?? []).map((document) => {
                        const name = enumLabel(translate, 'termsDocumentType', document.documentType);
                        return (
                          <ListItem
                            key={document.source}
                            disableGutters
                            data-testid="opt-in-document"
                            secondaryAction={
                              <Tooltip title={translate('account.download')}>
                                <IconButton
                                  edge="end"
                                  aria-label={`${name} ${translate('account.download')}`}
                                  onClick={() => download(document)}
                                >
                                  <DownloadIcon />
                                </IconButton>
                              </Tooltip>
                            }
                          >
                            <ListItemText
                              primary={name}
                              secondary={translate('pages.optIn.version', {
                                version: document.version ?? '',
                                date: formatDate(document.modified),
                              })}
                            />
                          </ListItem>
                        );
                      })}
                    </List>
                    {mainUser && item.approvalId ? (
                      <Button variant="contained" onClick={() => setAccepting(item.approvalId ?? null)}>
                        {translate('forms.acceptTerms.title')}
                      </Button>
                    ) : null}
                  </Box>
                ))
              )
            }
          </QueryState>
          <Box sx={{ mt: 2 }}>
            <EntryLogoutButton />
          </Box>
        </CardContent>
      </Card>
      {accepting ? (
        <FormDialog
          form={acceptTermsForm}
          commands={acceptTermsCommands}
          target={{ approvalId: accepting }}
          onClose={() => setAccepting(null)}
          onSuccess={async () => {
            setAccepting(null);
            await query.refetch();
            await reload();
          }}
        />
      ) : null}
    </Box>
  );
}
