import type { ValueWidgetProps } from './field-value';

/** An IBAN in groups of four, as printed on bank documents. */
export function IbanValue({ value }: ValueWidgetProps) {
  if (typeof value !== 'string' || !value) return <span>–</span>;
  const grouped = value.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
  return <span style={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>{grouped}</span>;
}
