import LockResetIcon from '@mui/icons-material/LockReset';
import { Divider } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { Logout, UserMenu } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { CurrentUser } from '../auth/current-user';
import { iconFor } from '../widgets/icon-registry';
import { navEntry, USER_MENU_KEYS } from './navigation';
import { UserMenuLink } from './UserMenuLink';
import { UserSummary } from './UserSummary';

/** The user menu: who is logged in, master data, settings, change password (a query flag), logout. */
export function KontorUserMenu() {
  const translate = useTranslate();
  const location = useLocation();
  const { identity } = useGetIdentity();
  const passwordSearch = new URLSearchParams(location.search);
  passwordSearch.set('changePassword', 'true');
  return (
    <UserMenu label={translate('ra.auth.user_menu')}>
      <UserSummary user={identity as unknown as CurrentUser | undefined} />
      <Divider />
      {USER_MENU_KEYS.map((key) => {
        const entry = navEntry(key);
        const Icon = iconFor(entry.icon);
        return (
          <UserMenuLink
            key={key}
            to={entry.to}
            label={translate(entry.label)}
            icon={<Icon fontSize="small" />}
          />
        );
      })}
      <UserMenuLink
        to={{ pathname: location.pathname, search: `?${passwordSearch.toString()}` }}
        label={translate('ui.userMenu.changePassword')}
        icon={<LockResetIcon fontSize="small" />}
      />
      <Logout />
    </UserMenu>
  );
}
