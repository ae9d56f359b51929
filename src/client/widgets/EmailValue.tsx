import { Link } from '@mui/material';
import type { ValueWidgetProps } from './field-value';

export function EmailValue({ value }: ValueWidgetProps) {
  if (typeof value !== 'string' || !value) return <span>–</span>;
  return (
    <Link href={`mailto:${value}`} onClick={(event) => event.stopPropagation()}>
      {value}
    </Link>
  );
}
