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
import { resources } from '../../../generated/resources';
import type { ResourceConfig } from '../../shared/config-types';
import { usePermissionCheck, useResourceAccessCheck } from '../auth/use-permission-check';
import { useServerError } from '../data/use-server-error';
import { FieldValue } from '../widgets/FieldValue';
import { getByPath } from '../widgets/field-value';
import { DetailActions } from './DetailActions';
import { DetailFieldList } from './DetailFieldList';
import { DetailTabs } from './DetailTabs';
import { itemPath, type Selection } from './resource-route';
import { rowTarget } from './row-link';

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
  // a record that was shown and is gone now (an action deleted it, e.g. an unprocessed upload):
  // the detail closes instead of staying open with a red "not found" (issue 28 item 6)
  const gone = (error as { status?: number } | null)?.status === 404 && shown.data !== undefined;
  // a record its list's row would have opened elsewhere (an upload still in processing, reached by a
  // notification, a mail or a bookmark) moves there: where its actions can be taken (issue 28)
  const canOpen = useResourceAccessCheck();
  const elsewhere = record && hasShow ? rowTarget(config, record, resources, canOpen) : undefined;
  const moveTo = elsewhere?.linked ? elsewhere.pathname : undefined;
  useEffect(() => {
    if (moveTo) navigate({ pathname: moveTo }, { replace: true });
  }, [moveTo, navigate]);
  // on a small screen the detail comes first (ResourceListPage): a selected item scrolled away from,
  // above or below, is brought into sight
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = card.current;
    const top = element?.getBoundingClientRect().top ?? 0;
    if (element && selection.id && (top > window.innerHeight || top < 0)) {
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes once when the shown record is gone
  useEffect(() => {
    if (gone) close();
  }, [gone]);
  // the entry of a list the route selects (a debtor's location): its own details (issue 28)
  const sub = config.detail.sub;
  const subEntries = sub && record ? getByPath(record, sub.list) : undefined;
  const subEntry = Array.isArray(subEntries)
    ? (subEntries as Record<string, unknown>[]).find((entry) => String(entry.id) === selection.subId)
    : undefined;
  // chosen from the list in a tab below, the entry's details are brought into sight
  const subSection = useRef<HTMLElement>(null);
  const subShown = Boolean(subEntry);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the entry has loaded (the ref is set then)
  useEffect(() => {
    const element = subSection.current;
    if (!element || !selection.subId) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) element.scrollIntoView({ block: 'start' });
  }, [selection.subId, subShown]);
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
            {sub && subEntry ? (
              <Box
                ref={subSection}
                component="section"
                aria-labelledby="section-sub"
                sx={{ mt: 3, scrollMarginTop: 72 }}
                data-testid="detail-sub"
              >
                <Typography id="section-sub" variant="h6" component="h3" gutterBottom>
                  {translate(sub.label)}: {String(subEntry.name ?? subEntry.id)}
                </Typography>
                <DetailFieldList record={subEntry} fields={sub.fields.filter((f) => allowed(f.permission))} />
              </Box>
            ) : null}
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
