import { Box, Typography } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { useVariant } from '../variant/VariantContext';

/**
 * The page header with the route title (and optional subtitle) and the page's own buttons beside
 * it; also names the browser tab.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  const variant = useVariant();
  useEffect(() => {
    document.title = `${title} – ${variant.portalName}`;
  }, [title, variant.portalName]);
  return (
    <Box component="header" sx={{ my: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="subtitle1" color="text.secondary">
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions}
    </Box>
  );
}
