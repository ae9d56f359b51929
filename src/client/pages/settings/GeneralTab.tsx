import { Button, FormControlLabel, Stack, Switch } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import {
  defaultExposureTypeCommands,
  updateDefaultExposureTypeCommand,
} from '../../../../generated/form-commands/default-exposure-type';
import { defaultExposureTypeForm } from '../../../../generated/forms/default-exposure-type';
import { LazyFormDialog as FormDialog } from '../../forms/LazyFormDialog';
import { EnumChip } from '../../widgets/EnumChip';
import { fieldLabel } from '../common/labels';
import { LabeledValues } from '../common/LabeledValues';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';
import { SectionTitle } from '../master-data/SectionTitle';
import { STORAGE_KEYS } from '../../layout/storage-keys';
import { useCommandAllowed } from './use-command-allowed';

// Storage keys of the spec's client settings (document 1 §9 "Storage keys").
const SHOW_TUTORIALS = STORAGE_KEYS.showTutorials;
const COOKIES_ACCEPTED = STORAGE_KEYS.cookiesAccepted;

/**
 * General: the default exposure type (changed in its dialog, PUT creditor/default-exposure-type),
 * whether tutorials open with a page, and the cookie choice (changed, or withdrawn, by its switch).
 */
export function GeneralTab() {
  const translate = useTranslate();
  const mayTake = useCommandAllowed();
  const query = useApiQuery<{ defaultExposureType: string | null }>('/creditor/default-exposure-type');
  const [tutorials, setTutorials] = useState(() => localStorage.getItem(SHOW_TUTORIALS) !== 'false');
  const [editing, setEditing] = useState(false);
  const [cookies, setCookies] = useState(() => localStorage.getItem(COOKIES_ACCEPTED) === 'true');
  return (
    <>
      <SectionTitle>{translate('pages.settings.general')}</SectionTitle>
      <QueryState query={query}>
        {({ defaultExposureType }) => (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <LabeledValues
              items={[
                {
                  label: fieldLabel(translate, 'creditorSettings', 'defaultExposureType'),
                  value: <EnumChip value={defaultExposureType} enumName="exposureType" />,
                },
              ]}
            />
            {mayTake(updateDefaultExposureTypeCommand) ? (
              <Button
                size="small"
                onClick={() => setEditing(true)}
                aria-label={translate('settings.actions.changeDefaultExposureType')}
              >
                {translate('settings.actions.change')}
              </Button>
            ) : null}
            {editing ? (
              <FormDialog
                form={defaultExposureTypeForm}
                commands={defaultExposureTypeCommands}
                initial={defaultExposureType ? { defaultExposureType } : {}}
                onClose={() => setEditing(false)}
              />
            ) : null}
          </Stack>
        )}
      </QueryState>
      <FormControlLabel
        control={
          <Switch
            checked={tutorials}
            onChange={(event) => {
              setTutorials(event.target.checked);
              localStorage.setItem(SHOW_TUTORIALS, String(event.target.checked));
            }}
          />
        }
        label={translate('pages.settings.tutorials')}
      />
      <SectionTitle>{translate('pages.settings.cookies')}</SectionTitle>
      {translate(cookies ? 'pages.settings.cookiesAccepted' : 'pages.settings.cookiesDeclined')}
      {/* a consent can be withdrawn as easily as it was given (issue 28), and given later */}
      <FormControlLabel
        sx={{ display: 'flex', mt: 1 }}
        control={
          <Switch
            checked={cookies}
            onChange={(event) => {
              setCookies(event.target.checked);
              localStorage.setItem(COOKIES_ACCEPTED, String(event.target.checked));
            }}
          />
        }
        label={translate('pages.settings.cookiesAllow')}
      />
    </>
  );
}
