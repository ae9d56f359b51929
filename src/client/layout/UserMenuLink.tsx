import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useUserMenu } from 'ra-core';
import { forwardRef, type ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';

/** A link inside the user menu that closes the menu when chosen. */
export const UserMenuLink = forwardRef<HTMLAnchorElement, { to: To; label: string; icon: ReactNode }>(
  ({ to, label, icon }, ref) => {
    const userMenu = useUserMenu();
    return (
      <MenuItem component={Link} to={to} ref={ref} onClick={() => userMenu?.onClose()}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  },
);
