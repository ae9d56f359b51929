import { MenuItem, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'ra-core';
import { enums } from '../../../generated/enums';
import type { FilterConfig } from '../../shared/config-types';
import { type Option, useOptions } from '../data/use-options';
import { useVariant } from '../variant/VariantContext';
import { DateRangeFilterInput } from './DateRangeFilterInput';
import { enumFilterChoices, labelOptions } from './filter-choices';
import { SearchFilterInput } from './SearchFilterInput';

export interface FilterInputProps {
  filter: FilterConfig;
  value: string[];
  onChange: (next: string[]) => void;
}

/**
 * One filter control, chosen by the filter's kind; choices come from an enum (its values, or the
 * groups the active product offers) or an options call (labelled through `optionLabels`, if named).
 */
export function FilterInput({ filter, value, onChange }: FilterInputProps) {
  const translate = useTranslate();
  const locale = useLocaleState()[0];
  const variant = useVariant();
  const label = translate(filter.label);
  const { options } = useOptions(filter.enum ? undefined : filter.optionsPath);
  const enumConfig = filter.enum ? enums[filter.enum] : undefined;
  const choices: Option[] = enumConfig
    ? enumFilterChoices(filter, variant, enumConfig).map((choice) => ({
        value: choice.value,
        label: translate(choice.label, { _: choice.value }),
      }))
    : filter.kind === 'boolean' && !filter.optionsPath
      ? [
          { value: 'true', label: translate('ra.boolean.true') },
          { value: 'false', label: translate('ra.boolean.false') },
        ]
      : labelOptions(options, filter.optionLabels, translate, locale);

  if (filter.kind === 'search')
    return <SearchFilterInput label={label} value={value[0] ?? ''} onChange={onChange} />;
  if (filter.kind === 'dateRange')
    return <DateRangeFilterInput label={label} value={value} onChange={onChange} />;

  const multiple = filter.kind === 'multiSelect';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={multiple ? value : (value[0] ?? '')}
      onChange={(event) => {
        const next = event.target.value as unknown;
        onChange(Array.isArray(next) ? next.map(String) : next ? [String(next)] : []);
      }}
      fullWidth={false}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { multiple } }}
    >
      {multiple ? null : (
        <MenuItem value="">
          <em>–</em>
        </MenuItem>
      )}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
