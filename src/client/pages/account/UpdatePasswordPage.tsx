import { Alert, Box, Button, Card, CardContent } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { updatePasswordCommands } from '../../../../generated/form-commands/update-password';
import { updatePasswordForm } from '../../../../generated/forms/update-password';
import { useReloadIdentity } from '../../auth/use-reload-identity';
import { FormDialog } from '../../forms/FormDialog';
import { PageHeader } from '../../layout/PageHeader';
import { EntryLogoutButton } from './EntryLogoutButton';

/**
 * /update-password, the forced change (passwordUpdateRequired): the updatePassword form, open at
 * once. After the change the user is read again and the entry-check guard returns to the previous
 * page or the dashboard.
 */
export function UpdatePasswordPage() {
  const translate = useTranslate();
  const reload = useReloadIdentity();
  const [open, setOpen] = useState(true);
  return (
    <>
      <PageHeader title={translate('ui.nav.updatePassword')} />
      <Card>
        <CardContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('messages.entryChecks.passwordUpdateRequired')}
          </Alert>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => setOpen(true)}>
              {translate('forms.updatePassword.title')}
            </Button>
            <EntryLogoutButton />
          </Box>
        </CardContent>
      </Card>
      {open ? (
        <FormDialog
          form={updatePasswordForm}
          commands={updatePasswordCommands}
          onClose={() => setOpen(false)}
          onSuccess={() => reload()}
        />
      ) : null}
    </>
  );
}
