import { Alert, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate } from '../../../shared/format';
import { PageHeader } from '../../layout/PageHeader';
import { QueryState } from '../common/QueryState';
import { useLocalized } from './use-help-center';
import { useInformation } from './use-information';

/**
 * Important information (`/user-info/{key?}`, document 2 §1): every dated information of the
 * product that has started, newest first; `key` scrolls to one entry (the pop-up's link).
 */
export function UserInfoPage() {
  const translate = useTranslate();
  const localized = useLocalized();
  const { key } = useParams();
  const { query } = useInformation();
  useEffect(() => {
    if (key && query.data) document.getElementById(`info-${key}`)?.scrollIntoView({ block: 'start' });
  }, [key, query.data]);
  return (
    <>
      <PageHeader title={translate('ui.nav.userInfo')} />
      <QueryState query={query}>
        {({ entries }) => (
          <Stack spacing={2}>
            {key && !entries.some((entry) => entry.key === key) ? (
              <Alert severity="info">{translate('selfservice.userInfo.notFound')}</Alert>
            ) : null}
            {entries.length === 0 ? <Typography>{translate('selfservice.userInfo.none')}</Typography> : null}
            {entries.map((entry) => (
              <Card
                key={entry.key}
                id={`info-${entry.key}`}
                component="article"
                aria-labelledby={`info-${entry.key}-title`}
                variant={entry.key === key ? 'elevation' : 'outlined'}
                data-testid="information-entry"
              >
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                    <Typography id={`info-${entry.key}-title`} variant="h6" component="h2">
                      {localized(entry.title)}
                    </Typography>
                    <Chip
                      size="small"
                      color={entry.active ? 'info' : 'default'}
                      label={translate(entry.active ? 'selfservice.userInfo.current' : 'selfservice.userInfo.past')}
                    />
                  </Stack>
                  <Typography>{localized(entry.text)}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {translate('selfservice.userInfo.period', {
                      from: formatDate(entry.from),
                      until: formatDate(entry.until),
                    })}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
