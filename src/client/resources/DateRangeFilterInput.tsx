import { TextField } from '@mui/material';
import { useTranslate } from 'ra-core';

/** A from–to pair of calendar dates, sent as `filters[key][]=from&filters[key][]=to`. */
export function DateRangeFilterInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const translate = useTranslate();
  const [from = '', to = ''] = value;
  const set = (nextFrom: string, nextTo: string) => onChange(nextFrom || nextTo ? [nextFrom, nextTo] : []);
  return (
    <>
      <TextField
        size="small"
        type="date"
        label={`${label} ${translate('ui.list.from')}`}
        value={from}
        fullWidth={false}
        onChange={(event) => set(event.target.value, to)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={`${label} ${translate('ui.list.to')}`}
        value={to}
        fullWidth={false}
        onChange={(event) => set(from, event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
