import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { forms } from '../../../generated/forms';
import { resources } from '../../../generated/resources';
import { useAdminPermissionCheck, usePermissionCheck } from '../auth/use-permission-check';
import { commandOfForm } from '../forms/form-command';
import { withParam } from '../forms/form-flags';
import { iconFor } from '../widgets/icon-registry';

/**
 * A list's create button (`list.create` of its resource YAML, e.g. "Kunden anlegen" on the debtors
 * list): opens the form through its query flag (`?createDebtor=true`, document 1 §2) when the user
 * may create (the form's permission; an admin: the admin permission of the command it sends, e.g.
 * creditor_registration for "register creditor").
 */
export function ListCreateButton({ resource }: { resource: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = usePermissionCheck();
  const adminAllowed = useAdminPermissionCheck();
  const entry = resources[resource]?.list.create;
  const form = entry ? forms[entry.form] : undefined;
  if (!entry || !form?.queryFlag || !allowed(form.permission)) return null;
  if (!adminAllowed(commandOfForm(form)?.adminPermission)) return null;
  const Icon = iconFor(entry.icon ?? 'Add');
  return (
    <Button
      variant="contained"
      startIcon={<Icon aria-hidden />}
      onClick={() =>
        navigate({ pathname: location.pathname, search: withParam(location.search, form.queryFlag!) })
      }
    >
      {translate(form.label)}
    </Button>
  );
}
