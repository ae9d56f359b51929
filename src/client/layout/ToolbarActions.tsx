import AssignmentIcon from '@mui/icons-material/Assignment';
import HelpCenterOutlinedIcon from '@mui/icons-material/HelpCenterOutlined';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { LoadingIndicator } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { hasAdminRole } from '../auth/permission-evaluator';
import { useCount } from '../data/use-count';
import { HELP_CENTER_KEY, navEntry } from './navigation';
import { AdminViewToggle } from './AdminViewToggle';
import { SwitchBackButton } from './SwitchBackButton';
import { PageVideoButton } from './PageVideoButton';

/**
 * Toolbar: while an admin acts as a creditor user "Zurückwechseln" and the admin-view toggle; help-centre link, work-queue link with the unhandled count, notifications button with
 * the unread count (opened through `showNotifications`). Counts that fail show no badge.
 */
export function ToolbarActions() {
  const translate = useTranslate();
  const location = useLocation();
  const { identity } = useGetIdentity();
  const creditorSide = Boolean(identity) && !hasAdminRole(identity?.roles);
  const unhandled = useCount('/user-information/work-queue/count-unhandled', creditorSide);
  const unread = useCount('/user-information/notification/count-new', creditorSide);
  const help = navEntry(HELP_CENTER_KEY);

  const notificationsSearch = new URLSearchParams(location.search);
  notificationsSearch.set('showNotifications', 'true');
  const label = (key: string, count?: number) => (count ? `${translate(key)} (${count})` : translate(key));

  return (
    <>
      <SwitchBackButton />
      <AdminViewToggle />
      <PageVideoButton />
      <Tooltip title={translate(help.label)}>
        <IconButton color="inherit" component={Link} to={help.to} aria-label={translate(help.label)}>
          <HelpCenterOutlinedIcon />
        </IconButton>
      </Tooltip>
      {creditorSide ? (
        <>
          <Tooltip title={translate('ui.toolbar.workQueue')}>
            <IconButton
              color="inherit"
              component={Link}
              to="/work-queue"
              aria-label={label('ui.toolbar.workQueue', unhandled)}
            >
              <Badge
                badgeContent={unhandled}
                color="error"
                invisible={!unhandled}
                data-testid="work-queue-badge"
              >
                <AssignmentIcon />
              </Badge>
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('ui.toolbar.notifications')}>
            <IconButton
              color="inherit"
              component={Link}
              to={{ pathname: location.pathname, search: `?${notificationsSearch.toString()}` }}
              aria-label={label('ui.toolbar.notifications', unread)}
            >
              <Badge
                badgeContent={unread}
                color="error"
                invisible={!unread}
                data-testid="notifications-badge"
              >
                <NotificationsIcon />
              </Badge>
            </IconButton>
          </Tooltip>
        </>
      ) : null}
      <LoadingIndicator />
    </>
  );
}
