import { Alert, Box, Button, Card, CardContent, CircularProgress } from '@mui/material';
import { ListContextProvider, useCanAccess, useGetIdentity, useResourceContext, useTranslate } from 'ra-core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { AccessDenied, Loading, Pagination } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { resources } from '../../../generated/resources';
import { adminResource, basePath, isAdminRole } from '../layout/navigation';
import { PageHeader } from '../layout/PageHeader';
import { ListCreateButton } from './ListCreateButton';
import { ListExportButton } from './ListExportButton';
import { listActions } from './list-actions';
import { ResourceFilters } from './ResourceFilters';
import { ResourceTable } from './ResourceTable';
import { selectionFromPath } from './resource-route';
import { useUrlListController } from './use-url-list-controller';

/**
 * The detail panel (its tabs, values, action tiles and the buttons' table) is its own chunk, fetched
 * when a record is selected, or earlier when the pointer or the focus comes to the list (issue 32:
 * a list's download holds the list alone).
 */
const loadDetail = () => import('./ResourceDetail');
const ResourceDetail = lazy(async () => ({ default: (await loadDetail()).ResourceDetail }));
let detailRequested = false;
/** Starts fetching the detail's chunk once, when a row is likely to be opened. */
const preloadDetail = () => {
  if (detailRequested) return;
  detailRequested = true;
  loadDetail().catch(() => {
    detailRequested = false; // a failed fetch is tried again when the detail opens
  });
};

/** What the detail's place shows while its chunk loads: the card it will be, with a spinner. */
function DetailLoading() {
  const translate = useTranslate();
  return (
    <Card component="section" aria-busy="true" aria-label={translate('ra.message.details')}>
      <CardContent sx={{ py: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </CardContent>
    </Card>
  );
}

/**
 * The generic list page of any configured resource: filters, table, pagination and the
 * selected item's details inline beside the list (above it on small screens).
 */
export function ResourceListPage() {
  const name = useResourceContext();
  const config = name ? resources[name] : undefined;
  if (!config) throw new Error(`No generated config for resource ${name}`);
  return <ResourceAccessGate key={config.name} name={config.name} />;
}

/** The client only hides (the server is the authority), but a denied list is not even requested. */
function ResourceAccessGate({ name }: { name: string }) {
  const { canAccess, isPending } = useCanAccess({ resource: name, action: 'list' });
  const { identity } = useGetIdentity();
  if (isPending) return <Loading />;
  if (canAccess) return <ResourceListView name={name} />;
  const roles = (identity?.roles as string[] | undefined) ?? [];
  // an administrator on a creditor's page (a bookmark, a link from a mail) is shown the way in
  return roles.some(isAdminRole) && !adminResource(name) ? <CreditorViewHint name={name} /> : <AccessDenied />;
}

/** Where an administrator finds a creditor's page: in a user's view (document 2 §6, impersonation). */
function CreditorViewHint({ name }: { name: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <PageHeader title={translate('adminUi.creditorViewTitle')} />
      <Alert
        severity="info"
        action={
          <Button component={Link} to={basePath(resources.users.route)} color="inherit" size="small">
            {translate('adminUi.creditorViewAction')}
          </Button>
        }
      >
        {translate('adminUi.creditorViewText', { page: translate(resources[name].label) })}
      </Alert>
    </Box>
  );
}

function ResourceListView({ name }: { name: string }) {
  const config = resources[name];
  const translate = useTranslate();
  const location = useLocation();
  const list = useUrlListController(config);
  const selection = selectionFromPath(config, location.pathname);
  const ListAction = listActions[config.name];

  return (
    <ListContextProvider value={list}>
      <PageHeader title={translate(config.label)} actions={
          <>
            <ListExportButton resource={config.name} />
            {ListAction ? <ListAction /> : null}
            <ListCreateButton resource={config.name} />
          </>
        } />
      <ResourceFilters config={config} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            lg: selection ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 1fr)',
          },
        }}
      >
        <Card
          component="section"
          aria-label={translate(config.label)}
          onPointerEnter={preloadDetail}
          onFocus={preloadDetail}
        >
          <ResourceTable config={config} selectedId={selection?.recordId} />
          {list.error ? null : <Pagination rowsPerPageOptions={config.list.perPageOptions} />}
        </Card>
        {/* on a phone or tablet the detail comes before the list: a deep link opens it in sight, not
            below a page of rows (issue 28) */}
        {selection ? (
          <Box sx={{ order: { xs: -1, lg: 0 }, minWidth: 0 }}>
            <Suspense fallback={<DetailLoading />}>
              <ResourceDetail config={config} selection={selection} />
            </Suspense>
          </Box>
        ) : null}
      </Box>
    </ListContextProvider>
  );
}
