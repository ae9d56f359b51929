import { formatPercent } from '../../shared/format';
import type { ValueWidgetProps } from './field-value';

export function PercentValue({ value }: ValueWidgetProps) {
  const text = value === null || value === undefined || value === '' ? '' : formatPercent(Number(value));
  return <span>{text || '–'}</span>;
}
