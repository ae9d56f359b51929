import { formatDate } from '../../shared/format';
import type { ValueWidgetProps } from './field-value';

/** Epoch seconds or `yyyy-MM-dd` as `dd.MM.yyyy`. */
export function DateValue({ value }: ValueWidgetProps) {
  const text = typeof value === 'number' || typeof value === 'string' ? formatDate(value) : '';
  return <span style={{ whiteSpace: 'nowrap' }}>{text || '–'}</span>;
}
