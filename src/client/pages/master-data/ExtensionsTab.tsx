import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { Creditor } from '../../../../generated/types';
import { usePermissionCheck } from '../../auth/use-permission-check';
import { LabeledValues } from '../common/LabeledValues';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';
import { SectionTitle } from './SectionTitle';

const PERMISSION = 'permissions.masterData.children';

/** Extensions: printer driver (doc2portal), letter to post and the web app key, each permission-gated. */
export function ExtensionsTab() {
  const translate = useTranslate();
  const allowed = usePermissionCheck();
  const creditor = useApiQuery<Creditor>('/creditor/show');
  const key = useApiQuery<{ webAppKey: string | null }>(
    '/creditor/web-app-key',
    allowed('masterData.webApp'),
  );
  const state = (enabled: boolean | null | undefined) => (
    <Chip
      size="small"
      color={enabled ? 'success' : 'default'}
      variant={enabled ? 'filled' : 'outlined'}
      label={translate(enabled ? 'pages.masterData.enabled' : 'pages.masterData.disabled')}
    />
  );
  return (
    <QueryState query={creditor}>
      {(data) => (
        <>
          {allowed('masterData.doc2portal') ? (
            <>
              <SectionTitle>{translate(`${PERMISSION}.doc2portal.label`)}</SectionTitle>
              <Typography sx={{ mb: 1 }}>{translate('pages.masterData.doc2portal')}</Typography>
              {state(data.invoicesEnabled)}
            </>
          ) : null}
          {allowed('masterData.letter2post') ? (
            <>
              <SectionTitle>{translate(`${PERMISSION}.letter2post.label`)}</SectionTitle>
              <Typography sx={{ mb: 1 }}>{translate('pages.masterData.letter2post')}</Typography>
              {state(data.documentsEnabled)}
            </>
          ) : null}
          {allowed('masterData.webApp') ? (
            <>
              <SectionTitle>{translate(`${PERMISSION}.webApp.label`)}</SectionTitle>
              <QueryState query={key}>
                {({ webAppKey }) => (
                  <LabeledValues
                    items={[
                      {
                        label: translate('pages.masterData.webAppKey'),
                        value: <code data-testid="web-app-key">{webAppKey ?? '–'}</code>,
                      },
                    ]}
                  />
                )}
              </QueryState>
            </>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
