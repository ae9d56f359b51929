import { useTranslate } from 'ra-core';
import { GermanDateField } from '../forms/GermanDateField';

/**
 * A from–to pair of calendar dates, sent as `filters[key][]=from&filters[key][]=to`; each typed
 * as TT.MM.JJJJ or picked from a Monday-first calendar, like the dialogs' date fields.
 */
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
      <GermanDateField label={`${label} ${translate('ui.list.from')}`} value={from} onChange={(next) => set(next, to)} />
      <GermanDateField label={`${label} ${translate('ui.list.to')}`} value={to} onChange={(next) => set(from, next)} />
    </>
  );
}
