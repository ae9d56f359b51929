import type { ValueWidgetProps } from './field-value';

const numberFormat = new Intl.NumberFormat('de-DE');

export function NumberValue({ value }: ValueWidgetProps) {
  if (value === null || value === undefined || value === '' || Number.isNaN(Number(value)))
    return <span>–</span>;
  return <span>{numberFormat.format(Number(value))}</span>;
}
