import { LinearProgress } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { formButtons } from '../../../generated/action-table';
import { resources } from '../../../generated/resources';
import type { ActionConfig } from '../../shared/config-types';
import { useAdminPermissionCheck, usePermissionCheck } from '../auth/use-permission-check';
import { withoutParam, withParam } from '../forms/query-params';
import { lazyPage } from '../lazy/lazy-page';
import type { ActionDialogProps } from './ActionDialog';
import { ActionTiles } from './ActionTiles';
import { CLIENT_ACTIONS } from './client-actions';
import { permissionEntity, serverAllows } from './action-permissions';
import { TILES_PER_ROW } from './action-tiles';
import { targetEntries } from './action-targets';
import { actionOffered } from './record-actions';
import { selectionFromPath } from './resource-route';
import { useRecordPermissions } from './use-record-permissions';

/** The record a detail shows, read from the list route (`/debtors/main/12` → 12). */
// The dialog behind a tile (its form, command, target picker) is fetched when one opens: the tiles
// decide from the buttons' table (generated/action-table.ts), so a list loads no form (issue 32).
const ActionDialog = lazyPage<ActionDialogProps>(() => import('./ActionDialog'), 'ActionDialog');

function recordIdFromPath(pathname: string): string | undefined {
  for (const config of Object.values(resources)) {
    const selection = selectionFromPath(config, pathname);
    if (selection) return selection.recordId;
  }
  return undefined;
}

/**
 * The actions of a detail as tiles (four per row, the rest behind "Mehr anzeigen"), offered when
 * the user and the product may (permissions, admin permissions, the record's own `permissions`)
 * AND the server accepts them for this record now (GET /debtor/{id}/permissions, reloaded after
 * every command). An action on one location is offered while a location meets its condition. An
 * action opens through the `action` query parameter (spec) as its form or its confirmation.
 */
export function DetailActions({
  actions,
  record,
  entity = '',
  selectedSubId,
}: {
  actions: ActionConfig[];
  /** the shown record; without it the id comes from the route */
  record?: Record<string, unknown>;
  /** the entity of the shown record (the resource's `detailEntity`) */
  entity?: string;
  /** the sub item the route selects (a location) */
  selectedSubId?: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = usePermissionCheck();
  const allowedAdmin = useAdminPermissionCheck();
  const permitted = actions.filter(
    (action) =>
      allowed(action.permission) &&
      allowedAdmin(action.adminPermission) &&
      actionOffered(action, record) &&
      (!action.dialog || allowed(formButtons[action.dialog]?.permission)),
  );
  const id = (record?.id as string | number | undefined) ?? recordIdFromPath(location.pathname);
  const asksServer = permitted.some((action) => !action.targetList && permissionEntity(action, entity));
  const answer = useRecordPermissions(asksServer && record ? entity : undefined, id);
  if (permitted.length === 0) return null;

  // a failed permissions answer hides nothing: the server still refuses, with its reason
  const offered = permitted.filter((action) =>
    action.targetList
      ? targetEntries(action, record).length > 0
      : !permissionEntity(action, entity) || serverAllows(action, answer.data),
  );
  const openKey = new URLSearchParams(location.search).get('action');
  // the dialog stays while its action runs, even when the reloaded permissions no longer offer it
  const open = permitted.find((action) => action.key === openKey);
  const setAction = (key: string | null) =>
    navigate(
      {
        pathname: location.pathname,
        search: key ? withParam(location.search, 'action', key) : withoutParam(location.search, 'action'),
      },
      { replace: key === null },
    );
  const waiting = asksServer && Boolean(record) && answer.isPending;
  const ClientAction = open ? CLIENT_ACTIONS[open.key] : undefined;

  return (
    <>
      {waiting ? (
        <LinearProgress sx={{ my: 3 }} aria-label={translate('ui.actions.loading')} />
      ) : (
        <ActionTiles
          actions={offered}
          onOpen={setAction}
          initiallyExpanded={offered.findIndex((action) => action.key === openKey) >= TILES_PER_ROW}
        />
      )}
      {open && ClientAction ? (
        <ClientAction key={`${open.key}:${id ?? ''}`} record={record} recordId={id} onClose={() => setAction(null)} />
      ) : open ? (
        <ActionDialog
          key={`${open.key}:${id ?? ''}`}
          action={open}
          record={record}
          recordId={id}
          entity={entity}
          selectedSubId={selectedSubId}
          onClose={() => setAction(null)}
        />
      ) : null}
    </>
  );
}
