import type { ValueWidgetProps } from './field-value';

/** Plain text; objects are never dumped raw. */
export function TextValue({ value }: ValueWidgetProps) {
  if (value === null || value === undefined || value === '') return <span>–</span>;
  if (typeof value === 'object') return <span>–</span>;
  return <span>{String(value)}</span>;
}
