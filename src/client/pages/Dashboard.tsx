import { Card, CardContent, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { Navigate } from 'react-router-dom';
import { hasAdminRole } from '../auth/permission-evaluator';
import { PageHeader } from '../layout/PageHeader';

/** The dashboard greets the user by name; its widgets follow. Admins go to the creditors list. */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  if (identity && hasAdminRole(identity.roles) && !identity.impersonated)
    return <Navigate to="/creditors" replace />;
  const name = identity?.fullName ?? '';
  return (
    <>
      <PageHeader title={translate('ui.dashboard.greeting', { name, _: name })} />
      <Card>
        <CardContent>
          <Typography>{translate('ui.placeholder')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
