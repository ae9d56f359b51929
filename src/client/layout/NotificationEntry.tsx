import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { Box, Checkbox, IconButton, Link, ListItem, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { Notification } from '../../../generated/types';
import { formatDateTime } from '../../shared/format';
import { EnumChip } from '../widgets/EnumChip';

/**
 * The voucher tab a notification of a type opens on: a decision waiting in the work queue opens the
 * voucher's open decisions, whose rows lead to the answer (issue 28). Other notifications open the
 * voucher's overview; an upload still in processing redirects to its unprocessed view (rowLink).
 */
const VOUCHER_TAB: Record<string, string> = { work_queue: 'workQueue' };

/**
 * One notification of the panel: select box, title (bold while new), message, date and time in
 * German format, the voucher or debtor it is about, and a button that toggles read/unread.
 */
export function NotificationEntry({
  notification,
  selected,
  onSelect,
  onToggleRead,
  onNavigate,
}: {
  notification: Notification;
  selected: boolean;
  onSelect: () => void;
  onToggleRead: () => void;
  onNavigate: () => void;
}) {
  const translate = useTranslate();
  const unread = notification.status === 'new';
  const toggleLabel = translate(unread ? 'pages.notifications.markRead' : 'pages.notifications.markUnread');
  const link = notification.voucher
    ? {
        to: `/vouchers/main/${notification.voucher.id}${VOUCHER_TAB[notification.type ?? ''] ? `?tab=${VOUCHER_TAB[notification.type ?? '']}` : ''}`,
        text: translate('pages.notifications.voucher', {
          number: notification.voucher.numberToShow ?? notification.voucher.id,
        }),
      }
    : notification.debtor
      ? { to: `/debtors/main/${notification.debtor.id}`, text: notification.debtor.name }
      : null;
  return (
    <ListItem
      divider
      alignItems="flex-start"
      data-testid="notification-entry"
      data-status={notification.status}
      sx={{ px: 1, bgcolor: unread ? 'action.hover' : undefined }}
      secondaryAction={
        <Tooltip title={toggleLabel}>
          <IconButton edge="end" aria-label={`${toggleLabel}: ${notification.title}`} onClick={onToggleRead}>
            {unread ? <MarkEmailReadOutlinedIcon /> : <MarkEmailUnreadOutlinedIcon />}
          </IconButton>
        </Tooltip>
      }
    >
      <Checkbox
        checked={selected}
        onChange={onSelect}
        sx={{ mt: -0.5, ml: -1 }}
        slotProps={{
          input: { 'aria-label': translate('pages.common.selectRow', { name: notification.title }) },
        }}
      />
      <Box sx={{ flex: 1, pr: 5, minWidth: 0 }}>
        <Typography component="h3" variant="body1" sx={{ fontWeight: unread ? 600 : 400 }}>
          {notification.title}
        </Typography>
        {notification.message ? (
          <Typography variant="body2" color="text.secondary">
            {notification.message}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary" data-testid="notification-date">
            {formatDateTime(notification.created)}
          </Typography>
          <EnumChip value={notification.status} enumName="notificationStatus" />
          {link ? (
            <Link component={RouterLink} to={link.to} onClick={onNavigate} variant="caption">
              {link.text}
            </Link>
          ) : null}
        </Box>
      </Box>
    </ListItem>
  );
}
