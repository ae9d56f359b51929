import { formatDateTime } from '../../shared/format';
import type { ValueWidgetProps } from './field-value';

/** Epoch seconds as `dd.MM.yyyy HH:mm` in the browser's (German) time: where the hour matters. */
export function DateTimeValue({ value }: ValueWidgetProps) {
  const text = typeof value === 'number' || typeof value === 'string' ? formatDateTime(value) : '';
  return <span style={{ whiteSpace: 'nowrap' }}>{text || '–'}</span>;
}
