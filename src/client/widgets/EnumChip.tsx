import { Chip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { enums } from '../../../generated/enums';
import type { ValueWidgetProps } from './field-value';

/**
 * An enumeration value as a chip with the label and colour from the YAML. A value shown as
 * another (reactivated → active) takes that one's label; an unknown value shows raw (spec).
 */
export function EnumChip({ value, enumName }: ValueWidgetProps) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return <span>–</span>;
  const values = enumName ? enums[enumName]?.values : undefined;
  let entry = values?.find((candidate) => String(candidate.value) === String(value));
  if (entry?.shownAs !== undefined) {
    entry = values?.find((candidate) => String(candidate.value) === String(entry?.shownAs)) ?? entry;
  }
  const label = entry ? translate(entry.label, { _: String(value) }) : String(value);
  const color = entry?.color && entry.color !== 'default' ? entry.color : 'default';
  return (
    <Chip size="small" label={label} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />
  );
}
