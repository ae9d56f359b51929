import { Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { deleteEmailReminderSettingCommand } from '../../../../generated/form-commands/delete-email-reminder-setting';
import {
  emailReminderSettingsCommands,
  updateEmailReminderSettingCommand,
} from '../../../../generated/form-commands/email-reminder-settings';
import { emailReminderSettingsForm } from '../../../../generated/forms/email-reminder-settings';
import type { CreditorSettings } from '../../../../generated/types';
import { LazyFormDialog as FormDialog } from '../../forms/LazyFormDialog';
import { CommandDialog } from '../../resources/CommandDialog';
import { EnumChip } from '../../widgets/EnumChip';
import { fieldLabel } from '../common/labels';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';
import { useCommandAllowed } from './use-command-allowed';

type Setting = NonNullable<CreditorSettings['emailReminderSetting']>[number];

/**
 * E-mail notifications: how often each address is reminded (reminder frequency per address). An
 * address is added, or its frequency changed, in the emailReminderSettings dialog (prefilled), and
 * removed after a confirmation (issue 28).
 */
export function EmailNotificationsTab() {
  const translate = useTranslate();
  const mayTake = useCommandAllowed();
  const query = useApiQuery<CreditorSettings>('/user-information/creditor-settings/details');
  // the address being edited; {} adds a new one
  const [editing, setEditing] = useState<Partial<Setting> | null>(null);
  const [removing, setRemoving] = useState<Setting | null>(null);
  const mayEdit = mayTake(updateEmailReminderSettingCommand);
  const mayRemove = mayTake(deleteEmailReminderSettingCommand);
  const label = (field: string) => fieldLabel(translate, 'emailReminderSetting', field);
  return (
    <>
      <Typography sx={{ mb: 2 }}>{translate('pages.settings.emailIntro')}</Typography>
      {mayEdit ? (
        <Button variant="outlined" sx={{ mb: 2 }} onClick={() => setEditing({})}>
          {translate('settings.actions.addAddress')}
        </Button>
      ) : null}
      <QueryState query={query}>
        {(settings) =>
          settings.emailReminderSetting?.length ? (
            <TableContainer>
              <Table size="small" aria-label={translate('entities.emailReminderSetting.name')}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 600 }}>{label('email')}</TableCell>
                    <TableCell sx={{ fontWeight: 600 }}>{label('frequency')}</TableCell>
                    {mayEdit || mayRemove ? (
                      <TableCell sx={{ fontWeight: 600 }}>{translate('settings.actions.column')}</TableCell>
                    ) : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {settings.emailReminderSetting.map((setting) => (
                    <TableRow key={setting.email} data-testid="email-reminder-row">
                      <TableCell>{setting.email}</TableCell>
                      <TableCell>
                        <EnumChip value={setting.frequency} enumName="reminderFrequency" />
                      </TableCell>
                      {mayEdit || mayRemove ? (
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {mayEdit ? (
                            <Button
                              size="small"
                              onClick={() => setEditing(setting)}
                              aria-label={translate('settings.actions.editAddress', { email: setting.email })}
                            >
                              {translate('settings.actions.change')}
                            </Button>
                          ) : null}
                          {mayRemove ? (
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setRemoving(setting)}
                              aria-label={translate('settings.actions.deleteAddress', { email: setting.email })}
                            >
                              {translate('settings.actions.remove')}
                            </Button>
                          ) : null}
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            translate('pages.common.empty')
          )
        }
      </QueryState>
      {editing ? (
        <FormDialog form={emailReminderSettingsForm} commands={emailReminderSettingsCommands} initial={editing} onClose={() => setEditing(null)} />
      ) : null}
      {removing ? (
        <CommandDialog
          title={translate(deleteEmailReminderSettingCommand.label)}
          command={deleteEmailReminderSettingCommand}
          target={{}}
          body={{ email: removing.email }}
          confirmParams={{ email: removing.email }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
