import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A key figure: the big value and a line of detail below it. */
export function FigureValue({ value, detail }: { value: ReactNode; detail?: ReactNode }) {
  return (
    <>
      <Typography
        variant="h4"
        component="p"
        sx={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid="figure-value"
      >
        {value}
      </Typography>
      {detail ? (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </>
  );
}
