import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useVariant } from '../variant/VariantContext';

/** The page header with the route title (and optional subtitle); also names the browser tab. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  const variant = useVariant();
  useEffect(() => {
    document.title = `${title} – ${variant.portalName}`;
  }, [title, variant.portalName]);
  return (
    <Box component="header" sx={{ my: 2 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="subtitle1" color="text.secondary">
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}
