import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface LabeledValue {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list in two columns (one on small screens). */
export function LabeledValues({ items }: { items: LabeledValue[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        rowGap: 1.5,
        my: 1,
      }}
    >
      {items.map((item) => (
        <Box key={item.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value ?? '–'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
