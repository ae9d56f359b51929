import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { forms } from '../../../generated/forms';
import { resources } from '../../../generated/resources';
import type { ActionConfig } from '../../shared/config-types';
import { useAdminPermissionCheck, usePermissionCheck } from '../auth/use-permission-check';
import { withoutParam, withParam } from '../forms/form-flags';
import { valuesOf } from '../forms/form-schema';
import { FormDialog } from '../forms/FormDialog';
import { actionOffered } from './record-actions';
import { selectionFromPath } from './resource-route';

/** The record a detail shows, read from the list route (`/debtors/main/12` → 12). */
function recordIdFromPath(pathname: string): string | undefined {
  for (const config of Object.values(resources)) {
    const selection = selectionFromPath(config, pathname);
    if (selection) return selection.recordId;
  }
  return undefined;
}

/**
 * The permitted actions of a detail as buttons (user and product permissions, admin permissions,
 * and the shown record's own `permissions`). An action opens through the `action` query
 * parameter (spec); one with a `dialog` opens that form for the shown record (its submit path's
 * `{id}`; given the record, its fields start with the record's values), one without shows a
 * notice until its behaviour exists.
 */
export function DetailActions({
  actions,
  record,
}: {
  actions: ActionConfig[];
  /** the shown record; without it the id comes from the route */
  record?: Record<string, unknown>;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = usePermissionCheck();
  const allowedAdmin = useAdminPermissionCheck();
  const visible = actions.filter(
    (action) =>
      allowed(action.permission) &&
      allowedAdmin(action.adminPermission) &&
      actionOffered(action, record) &&
      (!action.dialog || allowed(forms[action.dialog]?.permission)),
  );
  if (visible.length === 0) return null;

  const open = visible.find((action) => action.key === new URLSearchParams(location.search).get('action'));
  const setAction = (key: string | null) =>
    navigate(
      {
        pathname: location.pathname,
        search: key ? withParam(location.search, 'action', key) : withoutParam(location.search, 'action'),
      },
      { replace: key === null },
    );
  const form = open?.dialog ? forms[open.dialog] : undefined;
  const id = (record?.id as string | number | undefined) ?? recordIdFromPath(location.pathname);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 2 }}>
      {visible.map((action) => (
        <Button key={action.key} variant="outlined" size="small" onClick={() => setAction(action.key)}>
          {translate(action.label)}
        </Button>
      ))}
      {open && form ? (
        <FormDialog
          key={`${open.key}:${id ?? ''}`}
          form={form}
          target={{ id }}
          initial={record ? valuesOf(form, record) : undefined}
          onClose={() => setAction(null)}
        />
      ) : (
        <Dialog open={Boolean(open)} onClose={() => setAction(null)} aria-labelledby="action-dialog-title">
          <DialogTitle id="action-dialog-title">{open ? translate(open.label) : ''}</DialogTitle>
          <DialogContent>{translate('ui.placeholder')}</DialogContent>
          <DialogActions>
            <Button onClick={() => setAction(null)}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
