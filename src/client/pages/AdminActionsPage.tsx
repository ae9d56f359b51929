import { Box, Button, Card, CardContent, Stack } from '@mui/material';
import { usePermissions, useTranslate } from 'ra-core';
import { dialogCommands as commands } from '../../../generated/dialog-commands';
import type { PermissionData } from '../auth/access';
import { commandOfForm } from '../forms/form-command';
import { Link, useLocation } from 'react-router-dom';
import { externalVoucherForm } from '../../../generated/forms/external-voucher';
import { stateOfAffairsImportForm } from '../../../generated/forms/state-of-affairs-import';
import { resources } from '../../../generated/resources';
import { withParam } from '../forms/query-params';
import { PageHeader } from '../layout/PageHeader';
import { ClientErrorsSection } from './failure/ClientErrorsSection';
import { ParkedJobsSection } from './failure/ParkedJobsSection';

// The admin functions (document 2 §2 "Admin actions"): each opens its form through its query flag.
const FUNCTIONS = [stateOfAffairsImportForm, externalVoucherForm];
// Admin pages the spec's admin sidebar does not list; this page is their way in.
const PAGES = [resources.productRequests, resources.assignDebtors, resources.actionLog];
const basePath = (route: string) => route.split('/:')[0];

/**
 * "Functions and settings" (`/admin-actions`): the state-of-affairs import and the external voucher
 * as buttons opening their dialogs (`?import=true`, `?externalVoucher=true`), and links to the admin
 * pages that have no sidebar entry.
 */
export function AdminActionsPage() {
  const translate = useTranslate();
  const location = useLocation();
  // a function whose command the user's role may not take (the import: not for product admins) is not offered
  const { permissions } = usePermissions<PermissionData>();
  const mayTake = (form: (typeof FUNCTIONS)[number]) => {
    const roles = commandOfForm(form, commands)?.roles;
    return !roles || Boolean(permissions?.roles.some((role) => roles.includes(role)));
  };
  return (
    <>
      <PageHeader title={translate('ui.nav.adminActions')} />
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {FUNCTIONS.filter(Boolean)
              .filter(mayTake)
              .map((form) => (
                <Button
                  key={form.name}
                  variant="contained"
                  component={Link}
                  to={{ pathname: location.pathname, search: withParam(location.search, form.queryFlag!) }}
                >
                  {translate(form.label)}
                </Button>
              ))}
          </Stack>
          <Box component="nav" aria-label={translate('ui.nav.adminActions')} sx={{ mt: 3 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {PAGES.filter(Boolean).map((config) => (
                <Button key={config.name} variant="outlined" component={Link} to={basePath(config.route)}>
                  {translate(config.label)}
                </Button>
              ))}
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <ParkedJobsSection />
      <ClientErrorsSection />
    </>
  );
}
