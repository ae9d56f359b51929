import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useEffect, useRef } from 'react';
import type { ServiceFeeMatrixEntry } from '../../../generated/types';
import { formatPercent } from '../../shared/format';
import { apiFetch } from '../data/http-client';
import { widgetContext } from './form-context';

/**
 * The `matrixEntryPicker` widget (schema/widgets.yaml): one fee model of the product chosen in the
 * field `ui:options.dependsOn` names, loaded from `optionsPath?productType=…` — by name, SAP number and
 * fees, the product's default chosen once per product (issue 28 item 5: the field said "prefilled",
 * stayed empty and took only the internal id). Stores the entry's `identifier` (the id the register
 * call takes); the dialog empties it when the product changes.
 */
/** `Standard SMAFA (ZSMAFA01)`: the name and the booking system's number of the model */
const entryLabel = (entry: ServiceFeeMatrixEntry) => (entry.sapIdentifier ? `${entry.name} (${entry.sapIdentifier})` : entry.name);

export function MatrixEntryWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, required, disabled, readonly, rawErrors, options, registry } = props;
  const translate = useTranslate();
  const path = typeof options.optionsPath === 'string' ? options.optionsPath : '';
  const dependsOn = typeof options.dependsOn === 'string' ? options.dependsOn : '';
  const product = widgetContext(registry.formContext).formData?.[dependsOn];
  const hasProduct = typeof product === 'string' && product !== '';
  const entries = useQuery({
    queryKey: ['kontor-matrix-entries', path, product],
    queryFn: () => apiFetch<ServiceFeeMatrixEntry[]>(`${path}?productType=${encodeURIComponent(String(product))}`),
    enabled: Boolean(path) && hasProduct,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const list = entries.data ?? [];
  const selected = list.find((entry) => String(entry.identifier) === String(value ?? '')) ?? null;

  // the product's default is chosen, once per product (clearing it afterwards stays cleared)
  const preselectedFor = useRef<unknown>(undefined);
  useEffect(() => {
    if (!hasProduct || preselectedFor.current === product || !entries.data) return;
    preselectedFor.current = product;
    const fallback = entries.data.find((entry) => entry.isDefault);
    if ((value == null || value === '') && fallback) onChange(String(fallback.identifier));
  }, [hasProduct, product, entries.data, value, onChange]);

  const fees = (entry: ServiceFeeMatrixEntry) =>
    translate('ui.picker.matrixFees', {
      purchased: formatPercent(entry.purchasedFee),
      notPurchased: formatPercent(entry.notPurchasedFee),
    });
  return (
    <Autocomplete
      id={id}
      options={list}
      value={selected}
      onChange={(_event, entry) => onChange(entry ? String(entry.identifier) : undefined)}
      isOptionEqualToValue={(option, current) => option.identifier === current.identifier}
      getOptionLabel={entryLabel}
      loading={hasProduct && entries.isPending}
      disabled={disabled || readonly || !hasProduct}
      noOptionsText={entries.isError ? translate('ui.picker.matrixLoadFailed') : translate('ui.picker.noMatrixEntry')}
      loadingText={translate('ra.page.loading')}
      openText={translate('ra.action.open')}
      closeText={translate('ra.action.close')}
      clearText={translate('ra.action.clear_input_value')}
      renderOption={({ key, ...optionProps }, entry) => (
        <Box component="li" key={key} {...optionProps}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {entryLabel(entry)}
              {entry.isDefault ? ` · ${translate('ui.picker.matrixDefault')}` : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {fees(entry)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={(rawErrors?.length ?? 0) > 0}
          placeholder={hasProduct ? undefined : translate('ui.picker.chooseProductFirst')}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      )}
    />
  );
}
