import { Box, Card, CardContent, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { Navigate } from 'react-router-dom';
import { hasAdminRole } from '../auth/permission-evaluator';
import { usePermissionCheck } from '../auth/use-permission-check';
import { lazyPage } from '../lazy/lazy-page';
import { navEntry, SIDEBAR_KEYS } from '../layout/navigation';
import { PageHeader } from '../layout/PageHeader';
import { QueryState } from './common/QueryState';
import { useApiQuery } from './common/use-api-query';
import { DashboardFigures } from './dashboard/DashboardFigures';
import type { DashboardData } from './dashboard/dashboard-data';
import { StatementsWidget } from './dashboard/StatementsWidget';
import { WorkQueueWidget } from './dashboard/WorkQueueWidget';

// The charts (recharts) are their own chunk (issue 13).
const DashboardCharts = lazyPage(() => import('./dashboard/DashboardCharts'), 'DashboardCharts', {
  firstPage: true,
});

/**
 * The dashboard greets the user by name and shows the figures of GET /dashboard, each widget only
 * when the server sent it (its permission is on). Admins go to the creditors list; a user without
 * the dashboard (the assistant) goes to the first page of the sidebar they have (issue 28: not an
 * empty page after the login), and sees the greeting only when they have none.
 */
export function Dashboard() {
  const translate = useTranslate();
  const allowed = usePermissionCheck();
  const { identity } = useGetIdentity();
  const admin = identity && hasAdminRole(identity.roles) && !identity.impersonated;
  const enabled = Boolean(identity) && !admin && allowed('navigation.dashboard');
  const query = useApiQuery<DashboardData>('/dashboard', enabled);
  if (admin) return <Navigate to="/creditors" replace />;
  const firstPage = identity && !enabled ? SIDEBAR_KEYS.map(navEntry).find((entry) => entry.key !== 'dashboard' && allowed(entry.permission)) : undefined;
  if (firstPage) return <Navigate to={firstPage.to} replace />;
  const name = identity?.fullName ?? '';
  return (
    <>
      <PageHeader title={translate('ui.dashboard.greeting', { name, _: name })} />
      {enabled ? (
        <QueryState query={query}>
          {(data) => (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  md: 'repeat(2, minmax(0, 1fr))',
                  lg: 'repeat(4, minmax(0, 1fr))',
                },
                alignItems: 'start',
                mb: 2,
              }}
            >
              <DashboardFigures data={data} />
              {data.workQueue ? <WorkQueueWidget data={data.workQueue} /> : null}
              {data.creditorVouchers ? <StatementsWidget statements={data.creditorVouchers} /> : null}
              <DashboardCharts data={data} />
            </Box>
          )}
        </QueryState>
      ) : identity && !admin ? (
        <Card>
          <CardContent>
            <Typography>{translate('pages.dashboard.noWidgets')}</Typography>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
