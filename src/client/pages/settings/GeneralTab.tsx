import { FormControlLabel, Switch } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { EnumChip } from '../../widgets/EnumChip';
import { fieldLabel } from '../common/labels';
import { LabeledValues } from '../common/LabeledValues';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';
import { SectionTitle } from '../master-data/SectionTitle';

/** Storage keys of the spec's client settings (document 1 §9 "Storage keys"). */
const SHOW_TUTORIALS = 'kontor.showTutorials';
const COOKIES_ACCEPTED = 'kontor.cookiesAccepted';

/** General: the default exposure type, whether tutorials open with a page, and the cookie choice. */
export function GeneralTab() {
  const translate = useTranslate();
  const query = useApiQuery<{ defaultExposureType: string | null }>('/creditor/default-exposure-type');
  const [tutorials, setTutorials] = useState(() => localStorage.getItem(SHOW_TUTORIALS) !== 'false');
  const cookies = localStorage.getItem(COOKIES_ACCEPTED) === 'true';
  return (
    <>
      <SectionTitle>{translate('pages.settings.general')}</SectionTitle>
      <QueryState query={query}>
        {({ defaultExposureType }) => (
          <LabeledValues
            items={[
              {
                label: fieldLabel(translate, 'creditorSettings', 'defaultExposureType'),
                value: <EnumChip value={defaultExposureType} enumName="exposureType" />,
              },
            ]}
          />
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
    </>
  );
}
