import { formatMoney } from '../../shared/format';
import type { ValueWidgetProps } from './field-value';

/** Integer cents as `1.234,56 €`. */
export function MoneyValue({ value }: ValueWidgetProps) {
  if (value === null || value === undefined || value === '') return <span>–</span>;
  const cents = Number(value);
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(cents)}</span>
  );
}
