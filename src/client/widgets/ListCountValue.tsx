import type { ValueWidgetProps } from './field-value';

/** A nested list in a cell shows how many entries it has. */
export function ListCountValue({ value }: ValueWidgetProps) {
  return <span>{Array.isArray(value) ? value.length : '–'}</span>;
}
