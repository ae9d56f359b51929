import { Alert, Autocomplete, Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId } from 'react';
import { type TargetEntry, targetAddress, targetLabel } from './action-targets';

export interface TargetPickerProps {
  /** the label of the field (the list entity's name, e.g. "Standort") */
  label: string;
  options: TargetEntry[];
  value: TargetEntry | null;
  onChange(entry: TargetEntry | null): void;
  /** the permissions of the entries are still loading */
  loading: boolean;
  /** their load failed */
  failed: boolean;
  onRetry(): void;
  disabled?: boolean;
}

/**
 * A searchable choice of the entry an action acts on (one location of the debtor): name, own
 * customer number and address per option, searchable by all three. Loading and a failed load
 * (with reload) are states of their own; with nothing to choose it shows nothing.
 */
export function TargetPicker({
  label,
  options,
  value,
  onChange,
  loading,
  failed,
  onRetry,
  disabled,
}: TargetPickerProps) {
  const translate = useTranslate();
  const id = useId();
  if (failed)
    return (
      <Alert
        severity="error"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('ui.list.reload')}
          </Button>
        }
      >
        {translate('pages.common.loadError')}
      </Alert>
    );
  // "none fits" is said by the dialog, where the form or the confirmation would be
  if (!loading && options.length === 0) return null;
  return (
    <Autocomplete
      id={id}
      options={options}
      value={value}
      onChange={(_event, entry) => onChange(entry)}
      loading={loading}
      disabled={disabled}
      isOptionEqualToValue={(option, selected) => String(option.id) === String(selected.id)}
      getOptionLabel={targetLabel}
      noOptionsText={translate('ui.actions.noMatch')}
      loadingText={translate('ra.page.loading')}
      openText={translate('ra.action.open')}
      closeText={translate('ra.action.close')}
      clearText={translate('ra.action.clear_input_value')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {String(option.name ?? '')}
              {option.customDebtorNumber ? ` (${String(option.customDebtorNumber)})` : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {targetAddress(option)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={translate('ui.actions.targetSearch')}
          variant="outlined"
        />
      )}
      sx={{ mb: 2 }}
      data-testid="target-picker"
    />
  );
}
