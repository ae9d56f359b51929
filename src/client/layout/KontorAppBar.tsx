import { Box, Typography } from '@mui/material';
import { AppBar, type AppBarProps } from 'react-admin';
import { useVariant } from '../variant/VariantContext';
import { KontorUserMenu } from './KontorUserMenu';
import { ToolbarActions } from './ToolbarActions';

/** The top bar: the variant's logo and portal name, toolbar links and the user menu. */
export function KontorAppBar(props: AppBarProps) {
  const variant = useVariant();
  return (
    <AppBar
      color="primary"
      {...props}
      toolbar={<ToolbarActions />}
      userMenu={<KontorUserMenu />}
      // on a phone (390 px) every control must fit: tighter buttons, a logo that gives way
      sx={{
        maxWidth: '100vw',
        '& .RaAppBar-toolbar, & .MuiToolbar-root': { px: { xs: 0.5, sm: 2 }, minWidth: 0 },
        '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } },
        '& .RaLoadingIndicator-root, & .RaLoadingIndicator-loader': { display: { xs: 'none', sm: 'flex' } },
        ...props.sx,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <Box
          component="img"
          src={variant.logo}
          alt={variant.productName}
          sx={{
            display: 'block',
            height: { xs: 28, sm: 36 },
            maxWidth: '100%',
            minWidth: 0,
            objectFit: 'contain',
            objectPosition: 'left',
          }}
        />
        <Typography variant="h6" component="span" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
          {variant.portalName}
        </Typography>
      </Box>
    </AppBar>
  );
}
