import { Link } from '@mui/material';
import type { ValueWidgetProps } from './field-value';

export function PhoneValue({ value }: ValueWidgetProps) {
  if (typeof value !== 'string' || !value) return <span>–</span>;
  return (
    <Link href={`tel:${value.replace(/[^\d+]/g, '')}`} onClick={(event) => event.stopPropagation()}>
      {value}
    </Link>
  );
}
