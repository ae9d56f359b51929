import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { dialogCommands as commands } from '../../../generated/dialog-commands';
import { forms } from '../../../generated/forms';
import type { ActionConfig } from '../../shared/config-types';
import { prefillValues } from '../forms/form-prefill';
import type { FormDialogProps } from '../forms/FormDialog';
import { lazyPage } from '../lazy/lazy-page';
import { formFlows } from '../forms/form-flows';
import { actionCommand, permissionEntity } from './action-permissions';
import { commandTarget, permittedTargets, preselectTarget, type TargetEntry, targetEntries } from './action-targets';
import { CommandDialog } from './CommandDialog';
import { customDialogs } from './custom-dialogs';
import { TargetPicker } from './TargetPicker';
import { useRecordsPermissions } from './use-record-permissions';

// The form machinery (rjsf, ajv) is its own chunk, loaded when a dialog opens (issue 13).
const FormDialog = lazyPage<FormDialogProps>(() => import('../forms/FormDialog'), 'FormDialog');

export interface ActionDialogProps {
  action: ActionConfig;
  /** the shown record */
  record?: Record<string, unknown>;
  /** its id (from the record, else the route) */
  recordId?: string | number;
  /** the entity of the shown record (`debtor`) */
  entity: string;
  /** the sub item the route selects (`/debtors/sub/{debtorId},{locationId}`) */
  selectedSubId?: string;
  onClose(): void;
}

/**
 * The dialog of one action: its form (prefilled from what it edits) or the confirmation of its
 * command. An action on one entry of a list (`targetList`: a location) first offers the entries
 * that meet `targetWhen` and that the entry's permissions answer allows, preselected when the
 * route selects one or only one fits; the form starts over from each chosen entry.
 */
export function ActionDialog({
  action,
  record,
  recordId,
  entity,
  selectedSubId,
  onClose,
}: ActionDialogProps) {
  const translate = useTranslate();
  const form = action.dialog ? forms[action.dialog] : undefined;
  const command = actionCommand(action, commands);
  const entries = targetEntries(action, record);
  const targetEntity = action.targetList ? permissionEntity(action, entity) : undefined;
  const permissions = useRecordsPermissions(
    targetEntity,
    entries.map((entry) => entry.id),
  );
  const options = permissions.isPending
    ? []
    : permittedTargets(action, entries, (entry) => permissions.answerOf(entry.id));
  // undefined: nothing chosen yet, so the preselection holds; null: the choice was cleared
  const [chosenId, setChosenId] = useState<string | null | undefined>(undefined);
  const chosen: TargetEntry | null =
    chosenId === undefined
      ? preselectTarget(options, selectedSubId)
      : (options.find((entry) => String(entry.id) === chosenId) ?? null);

  const Custom = form ? customDialogs[form.name] : undefined;
  if (Custom) return <Custom record={record} recordId={recordId} onClose={onClose} />;
  if (!form && !command)
    return (
      <Dialog open onClose={onClose} aria-labelledby="action-dialog-title">
        <DialogTitle id="action-dialog-title">{translate(action.label)}</DialogTitle>
        <DialogContent>{translate('ui.placeholder')}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    );

  const picking = Boolean(action.targetList);
  const noneFits = picking && !permissions.isPending && !permissions.error && options.length === 0;
  // nothing to choose: why (per action where the catalogue says more than the general text)
  const blocked = noneFits
    ? translate(`ui.actions.noTarget.${action.key}`, { _: translate('ui.actions.noTarget.default') })
    : undefined;
  const awaiting = picking && !chosen && !noneFits ? translate('ui.actions.chooseTarget') : undefined;
  const header = picking ? (
    <TargetPicker
      label={translate(`entities.${targetEntity ?? 'location'}.name`)}
      options={options}
      value={chosen}
      onChange={(entry) => setChosenId(entry ? String(entry.id) : null)}
      loading={permissions.isPending}
      failed={Boolean(permissions.error)}
      onRetry={() => permissions.refetch()}
    />
  ) : undefined;
  const source = picking ? chosen : record;
  const target = commandTarget(command, picking ? chosen?.id : recordId, source);

  if (form)
    return (
      <FormDialog
        form={form}
        commands={commands}
        target={target}
        initial={source ? (formFlows[form.name]?.prefill?.(source, selectedSubId) ?? prefillValues(form, source)) : undefined}
        header={header}
        awaiting={blocked ?? awaiting}
        resetKey={String(target.id ?? '')}
        onClose={onClose}
      />
    );
  return (
    <CommandDialog
      title={translate(action.label)}
      command={command!}
      target={target}
      record={record}
      header={header}
      awaiting={awaiting}
      blocked={blocked}
      onClose={onClose}
    />
  );
}
