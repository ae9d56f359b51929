import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../data/http-client';
import { widgetContext } from './form-context';

/** One active location of a picker entry (GET /debtor/picker). */
export interface PickerLocation {
  id: number;
  name: string;
  customNumber: string | null;
  street: string;
  house: string | null;
  zip: string;
  city: string;
}

/** One active own customer with its active locations (GET /debtor/picker). */
export interface PickerDebtor {
  id: number;
  name: string;
  identifier: string;
  locations: PickerLocation[];
}

/** How long typing pauses before the server is asked. */
const SEARCH_DELAY_MS = 250;

/**
 * A location in one line: `Quokka Zentrale (QK-4711), Hafenstraße 1, 24103 Kiel`.
 *
 * @example locationLabel({ name: 'Lager', customNumber: null, street: 'Weg', house: '2', zip: '24103', city: 'Kiel' }) // 'Lager, Weg 2, 24103 Kiel'
 */
export function locationLabel(location: PickerLocation): string {
  const name = location.customNumber ? `${location.name} (${location.customNumber})` : location.name;
  const street = [location.street, location.house].filter(Boolean).join(' ');
  return [name, street, `${location.zip} ${location.city}`.trim()].filter(Boolean).join(', ');
}

/**
 * The second line of a customer option: its own customer numbers and its place, or how many
 * locations it has.
 *
 * @example debtorDetails(quokka, '%{count} Standorte') // 'QK-4711, QK-4712 · 2 Standorte'
 */
export function debtorDetails(debtor: PickerDebtor, locationsText: (count: number) => string): string {
  const numbers = debtor.locations.map((l) => l.customNumber).filter(Boolean).slice(0, 3).join(', ');
  const [first] = debtor.locations;
  const place =
    debtor.locations.length === 1 && first
      ? [[first.street, first.house].filter(Boolean).join(' '), `${first.zip} ${first.city}`].join(', ')
      : locationsText(debtor.locations.length);
  return [numbers, place].filter(Boolean).join(' · ');
}

const pickerPath = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** The one debtor of `id` (a prefilled choice shows by name; the location picker offers its locations). */
function useDebtorById(path: string, id: unknown) {
  const known = typeof id === 'number' && id > 0;
  return useQuery({
    queryKey: ['kontor-picker', path, 'id', id],
    queryFn: () => apiFetch<PickerDebtor[]>(pickerPath(path, { id: id as number })),
    enabled: known && Boolean(path),
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * The `debtorPicker` widget (schema/widgets.yaml): a searchable choice of one of the creditor's
 * own active customers. What is typed is searched on the server (`ui:options.optionsPath`, e.g.
 * /debtor/picker?search=…, name, own customer number, postcode or city, at most 50); each option
 * shows name, own customer numbers and place. A value set from outside (the dialog opened for a
 * debtor, the e-invoice's recognised customer) shows by name. Stores the debtor's id.
 */
export function DebtorPickerWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, required, disabled, readonly, rawErrors, options, autofocus } = props;
  const translate = useTranslate();
  const path = typeof options.optionsPath === 'string' ? options.optionsPath : '';
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const chosen = useDebtorById(path, value);
  const found = useQuery({
    queryKey: ['kontor-picker', path, 'search', search],
    queryFn: () => apiFetch<PickerDebtor[]>(pickerPath(path, { search })),
    enabled: open && Boolean(path),
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const list = found.data ?? [];
  const selected =
    value == null ? null : (list.find((d) => d.id === value) ?? chosen.data?.find((d) => d.id === value) ?? null);
  const choices = selected && !list.some((d) => d.id === selected.id) ? [selected, ...list] : list;
  const errors = (rawErrors?.length ?? 0) > 0;

  return (
    <Autocomplete
      id={id}
      options={choices}
      value={selected}
      inputValue={input}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_event, debtor) => onChange(debtor?.id ?? undefined)}
      onInputChange={(_event, text, reason) => {
        setInput(text);
        // only what the user types is searched, not the chosen name the field shows
        if (reason === 'input' || reason === 'clear') setTyped(reason === 'clear' ? '' : text);
      }}
      // the server has searched already
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionLabel={(debtor) => debtor.name}
      loading={found.isFetching || (value != null && chosen.isPending)}
      disabled={disabled || readonly}
      noOptionsText={found.isError ? translate('ui.picker.loadFailed') : translate('ui.picker.noDebtor')}
      loadingText={translate('ra.page.loading')}
      openText={translate('ra.action.open')}
      closeText={translate('ra.action.close')}
      clearText={translate('ra.action.clear_input_value')}
      renderOption={({ key, ...optionProps }, debtor) => (
        <Box component="li" key={key} {...optionProps}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {debtor.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {debtorDetails(debtor, (count) => translate('ui.picker.locations', { count }))}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={errors}
          autoFocus={autofocus}
          placeholder={translate('ui.picker.searchDebtor')}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      )}
    />
  );
}

/**
 * The `locationPicker` widget (schema/widgets.yaml): one active location of the customer chosen in
 * the field `ui:options.dependsOn` names (read from the dialog's values in formContext; loaded from
 * optionsPath?id=…), each with name, own customer number and address — preselected when the customer
 * has only one. Disabled until a customer is chosen; the dialog empties it when the customer changes.
 */
export function LocationPickerWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, required, disabled, readonly, rawErrors, options, registry } = props;
  const translate = useTranslate();
  const path = typeof options.optionsPath === 'string' ? options.optionsPath : '';
  const dependsOn = typeof options.dependsOn === 'string' ? options.dependsOn : '';
  const debtorId = widgetContext(registry.formContext).formData?.[dependsOn];
  const debtor = useDebtorById(path, debtorId);
  const locations = debtor.data?.find((d) => d.id === debtorId)?.locations ?? [];
  const selected = locations.find((l) => l.id === value) ?? null;
  const hasDebtor = typeof debtorId === 'number';

  // the only location is chosen, once per customer (clearing it afterwards stays cleared)
  const preselectedFor = useRef<unknown>(undefined);
  useEffect(() => {
    if (!hasDebtor || preselectedFor.current === debtorId || !debtor.data) return;
    preselectedFor.current = debtorId;
    if (value == null && locations.length === 1) onChange(locations[0].id);
  }, [hasDebtor, debtorId, debtor.data, value, locations, onChange]);

  return (
    <Autocomplete
      id={id}
      options={locations}
      value={selected}
      onChange={(_event, location) => onChange(location?.id ?? undefined)}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionLabel={locationLabel}
      loading={hasDebtor && debtor.isPending}
      disabled={disabled || readonly || !hasDebtor}
      noOptionsText={debtor.isError ? translate('ui.picker.loadFailed') : translate('ui.picker.noLocation')}
      loadingText={translate('ra.page.loading')}
      openText={translate('ra.action.open')}
      closeText={translate('ra.action.close')}
      clearText={translate('ra.action.clear_input_value')}
      renderOption={({ key, ...optionProps }, location) => (
        <Box component="li" key={key} {...optionProps}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {location.customNumber ? `${location.name} (${location.customNumber})` : location.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[[location.street, location.house].filter(Boolean).join(' '), `${location.zip} ${location.city}`].join(', ')}
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
          placeholder={hasDebtor ? undefined : translate('ui.picker.chooseDebtorFirst')}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      )}
    />
  );
}
