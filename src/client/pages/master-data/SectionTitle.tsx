import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A heading inside a tab (h2: the page title is the h1). */
export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Typography id={id} variant="h6" component="h2" sx={{ mt: 3, mb: 1, '&:first-of-type': { mt: 0 } }}>
      {children}
    </Typography>
  );
}
