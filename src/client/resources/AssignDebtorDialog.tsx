import { Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { dialogCommands as commands } from '../../../generated/dialog-commands';
import { forms } from '../../../generated/forms';
import type { TargetEntry } from './action-targets';
import { CommandDialog } from './CommandDialog';
import type { CustomDialogProps } from './custom-dialogs';
import { TargetPicker } from './TargetPicker';

// Only active debtors and locations may be assigned (schema/commands/adminAssignments.yaml).
const ACTIVE = new Set(['active', 'reactivated']);
const entries = (list: unknown): TargetEntry[] =>
  (Array.isArray(list) ? list : [])
    .filter((entry) => entry && !('status' in entry && entry.status && !ACTIVE.has(String(entry.status))))
    .map((entry) => ({ ...entry, id: entry.identifier }));

/**
 * "Kunden zuordnen" (POST /debtor-assignment/assign/{id} {debtorIdentifier, locationIdentifier}):
 * the case's candidate debtors and then the chosen debtor's locations as searchable lists (name,
 * own customer number, address) instead of typed ids; one location is chosen by itself.
 */
export function AssignDebtorDialog({ record, recordId, onClose }: CustomDialogProps) {
  const translate = useTranslate();
  const form = forms.assignDebtor;
  const debtors = entries(record?.debtors);
  const [debtor, setDebtor] = useState<TargetEntry | null>(debtors.length === 1 ? debtors[0] : null);
  const locations = entries(debtor?.locations);
  const [locationId, setLocationId] = useState<string | number | null>(null);
  const location =
    locations.find((entry) => entry.id === locationId) ?? (locations.length === 1 ? locations[0] : null);
  const header = (
    <Box sx={{ display: 'grid', gap: 2, mb: 1 }}>
      <TargetPicker
        label={translate(form.labels.debtorIdentifier)}
        options={debtors}
        value={debtor}
        onChange={(entry) => {
          setDebtor(entry);
          setLocationId(null);
        }}
        loading={false}
        failed={false}
        onRetry={() => undefined}
      />
      {debtor ? (
        <TargetPicker
          label={translate(form.labels.locationIdentifier)}
          options={locations}
          value={location}
          onChange={(entry) => setLocationId(entry?.id ?? null)}
          loading={false}
          failed={false}
          onRetry={() => undefined}
        />
      ) : null}
    </Box>
  );
  return (
    <CommandDialog
      title={translate(form.label)}
      command={commands.assignDebtor}
      target={{ id: recordId }}
      body={
        debtor && location
          ? { debtorIdentifier: String(debtor.id), locationIdentifier: String(location.id) }
          : undefined
      }
      record={record}
      header={header}
      awaiting={debtor && location ? undefined : translate('ui.actions.chooseTarget')}
      blocked={debtors.length === 0 ? translate('ui.actions.noTarget.default') : undefined}
      onClose={onClose}
    />
  );
}
