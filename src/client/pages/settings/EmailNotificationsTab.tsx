import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { CreditorSettings } from '../../../../generated/types';
import { EnumChip } from '../../widgets/EnumChip';
import { fieldLabel } from '../common/labels';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';

/** E-mail notifications: how often each address is reminded (reminder frequency per address). */
export function EmailNotificationsTab() {
  const translate = useTranslate();
  const query = useApiQuery<CreditorSettings>('/user-information/creditor-settings/details');
  const label = (field: string) => fieldLabel(translate, 'emailReminderSetting', field);
  return (
    <>
      <Typography sx={{ mb: 2 }}>{translate('pages.settings.emailIntro')}</Typography>
      <QueryState query={query}>
        {(settings) =>
          settings.emailReminderSetting?.length ? (
            <TableContainer>
              <Table size="small" aria-label={translate('entities.emailReminderSetting.name')}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 600 }}>{label('email')}</TableCell>
                    <TableCell sx={{ fontWeight: 600 }}>{label('frequency')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {settings.emailReminderSetting.map((setting) => (
                    <TableRow key={setting.email}>
                      <TableCell>{setting.email}</TableCell>
                      <TableCell>
                        <EnumChip value={setting.frequency} enumName="reminderFrequency" />
                      </TableCell>
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
    </>
  );
}
