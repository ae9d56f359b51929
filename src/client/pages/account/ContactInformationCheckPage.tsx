import { Alert, Box, Button, Card, CardContent } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { handleCreditorContactInformationCommand as command } from '../../../../generated/form-commands/contact-information-check';
import type { Creditor } from '../../../../generated/types';
import { useReloadIdentity } from '../../auth/use-reload-identity';
import { callCommand } from '../../forms/form-command';
import { PageHeader } from '../../layout/PageHeader';
import { enumLabel, fieldLabel } from '../common/labels';
import { LabeledValues } from '../common/LabeledValues';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';

/**
 * /check-contact-information (askForContactInformationChanges): the creditor's contact data with
 * "confirm" and "change" (POST /user-management/handle-creditor-contact-information {action}).
 * Either answer clears the check; "change" then opens the master data, "confirm" returns to the
 * previous page or the dashboard (the entry-check guard). A failure gives no message (document 1 §8).
 */
export function ContactInformationCheckPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const reload = useReloadIdentity();
  const query = useApiQuery<Creditor>('/creditor/show');
  const [busy, setBusy] = useState(false);
  const label = (field: string) => fieldLabel(translate, 'creditorContact', field);

  const answer = async (action: 'confirm' | 'change') => {
    setBusy(true);
    try {
      await callCommand(command, {}, { action });
      if (action === 'confirm') notify(translate('account.contactInformationConfirmed'), { type: 'success' });
      // the guard leaves a check page for the page it came from: for a change, the master data
      if (action === 'change') navigate(location.pathname, { replace: true, state: { from: '/master-data' } });
      await reload();
    } catch {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={translate('ui.nav.checkContactInformation')} />
      <Card>
        <CardContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('messages.entryChecks.contactInformationCheck')}
          </Alert>
          <QueryState query={query}>
            {(creditor) => (
              <LabeledValues
                items={[
                  { label: fieldLabel(translate, 'creditor', 'name'), value: creditor.name },
                  {
                    label: label('salutation'),
                    value: creditor.contact?.salutation ? enumLabel(translate, 'salutation', creditor.contact.salutation) : null,
                  },
                  { label: label('contactName'), value: creditor.contact?.contactName },
                  { label: label('street'), value: creditor.contact?.street },
                  {
                    label: `${label('zip')} / ${label('city')}`,
                    value: [creditor.contact?.zip, creditor.contact?.city].filter(Boolean).join(' '),
                  },
                  { label: label('phone'), value: creditor.contact?.phone },
                  { label: label('email'), value: creditor.contact?.email },
                ]}
              />
            )}
          </QueryState>
          <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={busy} onClick={() => answer('confirm')}>
              {enumLabel(translate, 'contactInformationAction', 'confirm')}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => answer('change')}>
              {enumLabel(translate, 'contactInformationAction', 'change')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
