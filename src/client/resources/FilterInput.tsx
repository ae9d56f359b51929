import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { enums } from '../../../generated/enums';
import type { FilterConfig } from '../../shared/config-types';
import { type Option, useOptions } from '../data/use-options';
import { DateRangeFilterInput } from './DateRangeFilterInput';
import { SearchFilterInput } from './SearchFilterInput';

export interface FilterInputProps {
  filter: FilterConfig;
  value: string[];
  onChange: (next: string[]) => void;
}

/** One filter control, chosen by the filter's kind; choices come from an enum or an options call. */
export function FilterInput({ filter, value, onChange }: FilterInputProps) {
  const translate = useTranslate();
  const label = translate(filter.label);
  const { options } = useOptions(filter.enum ? undefined : filter.optionsPath);
  const choices: Option[] = filter.enum
    ? (enums[filter.enum]?.values ?? [])
        .filter((entry) => entry.shownAs === undefined)
        .map((entry) => ({
          value: String(entry.value),
          label: translate(entry.label, { _: String(entry.value) }),
        }))
    : filter.kind === 'boolean' && !filter.optionsPath
      ? [
          { value: 'true', label: translate('ra.boolean.true') },
          { value: 'false', label: translate('ra.boolean.false') },
        ]
      : options;

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
