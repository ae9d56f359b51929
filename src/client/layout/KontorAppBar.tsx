import { Box, Typography } from '@mui/material';
import { AppBar, type AppBarProps } from 'react-admin';
import { useVariant } from '../variant/VariantContext';
import { KontorUserMenu } from './KontorUserMenu';
import { ToolbarActions } from './ToolbarActions';

/** The top bar: the variant's logo and portal name, toolbar links and the user menu. */
export function KontorAppBar(props: AppBarProps) {
  const variant = useVariant();
  return (
    <AppBar color="primary" {...props} toolbar={<ToolbarActions />} userMenu={<KontorUserMenu />}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: 1, minWidth: 0 }}>
        <img src={variant.logo} alt={variant.productName} height={36} style={{ display: 'block' }} />
        <Typography variant="h6" component="span" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
          {variant.portalName}
        </Typography>
      </Box>
    </AppBar>
  );
}
