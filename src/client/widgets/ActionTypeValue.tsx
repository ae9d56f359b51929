import { useTranslate } from 'ra-core';
import type { ValueWidgetProps } from './field-value';

/** An action-log type by its label (`actionTypes.<type>`, schema/texts/actionTypes.yaml); raw when it has none. */
export function ActionTypeValue({ value }: ValueWidgetProps) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return <span>–</span>;
  const type = String(value);
  return <span>{translate(`actionTypes.${type}`, { _: type })}</span>;
}
