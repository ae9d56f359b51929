import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  Typography,
} from '@mui/material';
import { type RaRecord, useGetOne, useListContext, useTranslate } from 'ra-core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResourceConfig } from '../../shared/config-types';
import { usePermissionCheck } from '../auth/use-permission-check';
import { useServerError } from '../data/use-server-error';
import { FieldValue } from '../widgets/FieldValue';
import { getByPath } from '../widgets/field-value';
import { DetailActions } from './DetailActions';
import { DetailFieldList } from './DetailFieldList';
import { DetailTabs } from './DetailTabs';
import { itemPath, type Selection } from './resource-route';

/**
 * The selected item's details, inline beside the list: header fields, sections, tabs and
 * actions, all from the resource's `detail` config. A sub selection (`debtorId,locationId`)
 * loads the main record and marks the sub item in the tab tables. A resource without a show
 * call (users, admins, requests) shows the list row already loaded.
 */
export function ResourceDetail({ config, selection }: { config: ResourceConfig; selection: Selection }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = usePermissionCheck();
  const serverError = useServerError();
  const hasShow = Boolean(config.api.show);
  const shown = useGetOne(config.name, { id: selection.recordId }, { retry: false, enabled: hasShow });
  const list = useListContext();
  const row = hasShow ? undefined : list.data?.find((item: RaRecord) => String(item.id) === selection.recordId);
  const { error, refetch } = shown;
  const record = hasShow ? shown.data : row;
  const isPending = hasShow ? shown.isPending : list.isPending;
  // without a show call only the loaded page has the record: another page's id is not found
  const missing = !hasShow && !list.isPending && !row;
  useEffect(() => {
    if (error) serverError();
  }, [error, serverError]);
  // below the list (small screens) a newly selected item would stay out of sight
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = card.current;
    if (element && selection.id && element.getBoundingClientRect().top > window.innerHeight) {
      element.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [selection.id]);

  const close = () => {
    const search = new URLSearchParams(location.search);
    search.delete('tab');
    search.delete('action');
    const text = search.toString();
    navigate({ pathname: itemPath(config), search: text ? `?${text}` : '' });
  };
  const [titleField, ...headerFields] = config.detail.header.filter((field) => allowed(field.permission));

  return (
    <Card
      ref={card}
      component="section"
      aria-labelledby="resource-detail-title"
      data-testid="resource-detail"
    >
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography id="resource-detail-title" variant="h5" component="h2" sx={{ flex: 1 }}>
            {record && titleField ? (
              titleField.widget ? (
                <FieldValue record={record} source={titleField.value} type={titleField.type} widget={titleField.widget} />
              ) : (
                String(getByPath(record, titleField.value) ?? '')
              )
            ) : (
              translate('ra.message.details')
            )}
          </Typography>
          <IconButton aria-label={translate('ui.detail.close')} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        {isPending ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        ) : null}
        {missing ? <Alert severity="info">{translate('ui.detail.notFound')}</Alert> : null}
        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => refetch()}>
                {translate('ui.list.reload')}
              </Button>
            }
          >
            <AlertTitle>{translate('ui.list.loadError')}</AlertTitle>
            {translate(
              (error as { status?: number }).status === 404 ? 'ui.detail.notFound' : 'ui.list.loadErrorInfo',
            )}
          </Alert>
        ) : null}
        {record && !error ? (
          <>
            <DetailFieldList record={record} fields={headerFields} />
            <DetailActions
              actions={config.detail.actions}
              record={record as Record<string, unknown>}
              entity={config.detailEntity}
              selectedSubId={selection.subId}
            />
            {config.detail.sections
              .filter((section) => allowed(section.permission))
              .map((section) => (
                <Box
                  key={section.key}
                  component="section"
                  aria-labelledby={`section-${section.key}`}
                  sx={{ mt: 3 }}
                >
                  <Typography id={`section-${section.key}`} variant="h6" component="h3" gutterBottom>
                    {translate(section.label)}
                  </Typography>
                  <DetailFieldList
                    record={record}
                    fields={section.fields.filter((f) => allowed(f.permission))}
                  />
                </Box>
              ))}
            <DetailTabs config={config} record={record} selectedSubId={selection.subId} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
