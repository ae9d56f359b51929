import { useTranslate } from 'ra-core';
import type { ValueWidgetProps } from './field-value';

/** Ja / Nein through react-admin's own boolean texts. */
export function BooleanValue({ value }: ValueWidgetProps) {
  const translate = useTranslate();
  if (value === null || value === undefined) return <span>–</span>;
  return <span>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</span>;
}
