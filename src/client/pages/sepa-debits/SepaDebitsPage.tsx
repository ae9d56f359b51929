import {
  Alert,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { asIs } from '../../data/use-server-error';
import type { FormDialogProps } from '../../forms/FormDialog';
import { lazyPage } from '../../lazy/lazy-page';
import { createSepaDebitFileCommands } from '../../../../generated/form-commands/create-sepa-debit-file';
import { sepaCreditorIdentifierCommands } from '../../../../generated/form-commands/sepa-creditor-identifier';
import { sepaReturnImportCommands } from '../../../../generated/form-commands/sepa-return-import';
import { createSepaDebitFileForm } from '../../../../generated/forms/create-sepa-debit-file';
import { sepaCreditorIdentifierForm } from '../../../../generated/forms/sepa-creditor-identifier';
import { sepaReturnImportForm } from '../../../../generated/forms/sepa-return-import';
import { PageHeader } from '../../layout/PageHeader';
import { downloadFile } from '../common/download-file';
import { QueryState } from '../common/QueryState';
import { PAGE_QUERY, useApiQuery } from '../common/use-api-query';

interface DueGroup {
  creditorId: number;
  creditorName: string;
  sepaCreditorIdentifier: string | null;
  hasAccount: boolean;
  collectionDate: string;
  count: number;
  amount: number;
  frst: number;
  rcur: number;
  fnal: number;
}
interface SepaFile {
  id: number;
  creditorName: string;
  collectionDate: string;
  messageId: string;
  numberOfTransactions: number;
  controlSum: number;
  createdAt: number;
  returned: number;
}
type OpenDialog =
  | { form: 'createSepaDebitFile'; group: DueGroup }
  | { form: 'sepaCreditorIdentifier'; group: DueGroup }
  | { form: 'sepaReturnImport' };

const DUE = '/sepa-debit/due';
const FILES = '/sepa-debit/file/list';

// the form machinery (rjsf) is fetched when a dialog opens; the page needs only its three forms and
// their commands (issue 32)
const FormDialog = lazyPage<FormDialogProps>(() => import('../../forms/FormDialog'), 'FormDialog');
const DIALOG_FORMS = {
  createSepaDebitFile: { form: createSepaDebitFileForm, commands: createSepaDebitFileCommands },
  sepaCreditorIdentifier: { form: sepaCreditorIdentifierForm, commands: sepaCreditorIdentifierCommands },
  sepaReturnImport: { form: sepaReturnImportForm, commands: sepaReturnImportCommands },
};

/**
 * "Lastschriften" (`/sepa-debits`, issue 30; admin permission sepa_direct_debits): the direct
 * debits due per creditor and collection date — each row creates its pain.008 file, or first asks
 * for the creditor's Gläubiger-ID — the files created (download again), and the import of the
 * bank's returns. Dialogs are the generated forms of schema/forms.
 */
export function SepaDebitsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const due = useApiQuery<{ groups: DueGroup[] }>(DUE);
  const files = useApiQuery<{ files: SepaFile[] }>(FILES);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const t = (key: string) => translate(`sepaDebits.page.${key}`);

  const reload = async () => {
    setDialog(null);
    await queryClient.invalidateQueries({ queryKey: [PAGE_QUERY] });
  };
  const download = async (file: SepaFile) => {
    try {
      await downloadFile(`/sepa-debit/file/${file.id}/download`, `${file.messageId}.xml`);
    } catch {
      const text = t('downloadFailed');
      notify(text, { type: 'error', ...asIs(text) });
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="outlined" onClick={() => setDialog({ form: 'sepaReturnImport' })}>
            {t('importReturns')}
          </Button>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Card component="section" aria-labelledby="sepa-due-title">
        <CardContent>
          <Typography id="sepa-due-title" variant="h6" component="h2" gutterBottom>
            {t('dueTitle')}
          </Typography>
          <QueryState query={due}>
            {({ groups }) =>
              groups.length ? (
                <Table size="small" data-testid="sepa-due">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('creditor')}</TableCell>
                      <TableCell>{t('collectionDate')}</TableCell>
                      <TableCell align="right">{t('count')}</TableCell>
                      <TableCell align="right">{t('sum')}</TableCell>
                      <TableCell>{t('sequenceTypes')}</TableCell>
                      <TableCell>{t('creditorIdentifier')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {groups.map((group) => (
                      <TableRow key={`${group.creditorId}-${group.collectionDate}`}>
                        <TableCell>{group.creditorName}</TableCell>
                        <TableCell>{formatDate(group.collectionDate)}</TableCell>
                        <TableCell align="right">{group.count}</TableCell>
                        <TableCell align="right">{formatMoney(group.amount)}</TableCell>
                        <TableCell>
                          {group.frst} / {group.rcur} / {group.fnal}
                        </TableCell>
                        <TableCell>{group.sepaCreditorIdentifier ?? t('missing')}</TableCell>
                        <TableCell align="right">
                          {!group.hasAccount ? (
                            <Alert severity="warning" sx={{ py: 0 }}>
                              {t('noAccount')}
                            </Alert>
                          ) : group.sepaCreditorIdentifier ? (
                            <Button
                              size="small"
                              variant="contained"
                              aria-label={`${t('createFile')}: ${group.creditorName}, ${formatDate(group.collectionDate)}`}
                              onClick={() => setDialog({ form: 'createSepaDebitFile', group })}
                            >
                              {t('createFile')}
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              variant="outlined"
                              aria-label={`${t('setIdentifier')}: ${group.creditorName}`}
                              onClick={() => setDialog({ form: 'sepaCreditorIdentifier', group })}
                            >
                              {t('setIdentifier')}
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography>{t('dueEmpty')}</Typography>
              )
            }
          </QueryState>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="sepa-files-title" sx={{ mt: 3 }}>
        <CardContent>
          <Typography id="sepa-files-title" variant="h6" component="h2" gutterBottom>
            {t('filesTitle')}
          </Typography>
          <QueryState query={files}>
            {({ files: list }) =>
              list.length ? (
                <Table size="small" data-testid="sepa-files">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('createdAt')}</TableCell>
                      <TableCell>{t('creditor')}</TableCell>
                      <TableCell>{t('collectionDate')}</TableCell>
                      <TableCell align="right">{t('count')}</TableCell>
                      <TableCell align="right">{t('sum')}</TableCell>
                      <TableCell align="right">{t('returned')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.map((file) => (
                      <TableRow key={file.id}>
                        <TableCell>{formatDateTime(file.createdAt)}</TableCell>
                        <TableCell>
                          {file.creditorName}
                          <Typography variant="body2" color="text.secondary">
                            {file.messageId}
                          </Typography>
                        </TableCell>
                        <TableCell>{formatDate(file.collectionDate)}</TableCell>
                        <TableCell align="right">{file.numberOfTransactions}</TableCell>
                        <TableCell align="right">{formatMoney(file.controlSum)}</TableCell>
                        <TableCell align="right">{file.returned}</TableCell>
                        <TableCell align="right">
                          <Button size="small" aria-label={`${t('download')}: ${file.messageId}`} onClick={() => void download(file)}>
                            {t('download')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography>{t('filesEmpty')}</Typography>
              )
            }
          </QueryState>
        </CardContent>
      </Card>
      {dialog ? (
        <FormDialog
          {...DIALOG_FORMS[dialog.form]}
          initial={
            dialog.form === 'createSepaDebitFile'
              ? { creditorIdentifier: dialog.group.creditorId, collectionDate: dialog.group.collectionDate }
              : dialog.form === 'sepaCreditorIdentifier'
                ? { creditorIdentifier: dialog.group.creditorId }
                : {}
          }
          onClose={() => setDialog(null)}
          onSuccess={() => void reload()}
        />
      ) : null}
    </>
  );
}
