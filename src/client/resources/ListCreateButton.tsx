import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { createButtons } from '../../../generated/create-buttons';
import { resources } from '../../../generated/resources';
import { useCreditorLock } from '../auth/use-creditor-lock';
import { useAdminPermissionCheck, usePermissionCheck } from '../auth/use-permission-check';
import { withParam } from '../forms/query-params';
import { iconFor } from '../widgets/icon-registry';

/**
 * A list's create button (`list.create` of its resource YAML, e.g. "Kunden anlegen" on the debtors
 * list): opens the form through its query flag (`?createDebtor=true`, document 1 §2) when the user
 * may create (the form's permission; an admin: the admin permission of the command it sends, e.g.
 * creditor_registration for "register creditor"); switched off with the reason while the own creditor's
 * state (blocked, terminated) is one the command refuses.
 */
export function ListCreateButton({ resource }: { resource: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = usePermissionCheck();
  const adminAllowed = useAdminPermissionCheck();
  const entry = resources[resource]?.list.create;
  // its form and command from a table of the lists' create buttons, not of every form and command
  const table = entry ? createButtons[resource] : undefined;
  const form = table?.form;
  const command = table?.command;
  // a blocked or terminated creditor: switched off, with the reason beside it (issue 28)
  const locked = useCreditorLock(command?.creditorStatus);
  if (!entry || !form?.queryFlag || !allowed(form.permission)) return null;
  if (!adminAllowed(command?.adminPermission)) return null;
  const Icon = iconFor(entry.icon ?? 'Add');
  const button = (
    <Button
      variant="contained"
      startIcon={<Icon aria-hidden />}
      disabled={Boolean(locked)}
      aria-describedby={locked ? `${form.name}-locked` : undefined}
      onClick={() =>
        navigate({ pathname: location.pathname, search: withParam(location.search, form.queryFlag!) })
      }
    >
      {translate(form.label)}
    </Button>
  );
  if (!locked) return button;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
      {button}
      <Typography id={`${form.name}-locked`} variant="caption" color="text.secondary">
        {translate(locked)}
      </Typography>
    </Box>
  );
}
