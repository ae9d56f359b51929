import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  Typography,
} from '@mui/material';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { Notification } from '../../../generated/types';
import { apiFetch } from '../data/http-client';
import { useServerError } from '../data/use-server-error';
import { NotificationEntry } from './NotificationEntry';

const PAGE_SIZE = 15;
const COMMANDS = '/user-information/command/notification';
const LIST_KEY = 'kontor-notifications';
const COUNT_PATH = '/user-information/notification/count-new';

interface NotificationPage {
  entries: Notification[];
  count: number;
  empty: boolean;
}

/**
 * The notifications panel opened by `?showNotifications=true` (document 1 §2): the user's
 * notifications, newest first, 15 at a time; each can be marked read or unread, a selection can
 * be marked read, or all at once. Every change reloads the list and the toolbar's unread badge.
 *
 * @example {notifications ? <NotificationsPanel onClose={close} /> : null}
 */
export function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const serverError = useServerError();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const query = useInfiniteQuery({
    queryKey: [LIST_KEY],
    queryFn: ({ pageParam }) =>
      apiFetch<NotificationPage>('/user-information/notification/list', {
        query: `page=${pageParam}&rowsPerPage=${PAGE_SIZE}`,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.count ? pages.length + 1 : undefined),
    retry: false,
  });
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  const run = async (path: string, body?: unknown) => {
    try {
      await apiFetch(`${COMMANDS}/${path}`, { method: body === undefined ? 'GET' : 'POST', body });
      setSelected([]);
    } catch {
      serverError();
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [LIST_KEY] }),
      queryClient.invalidateQueries({ queryKey: ['kontor-count', COUNT_PATH] }),
    ]);
  };
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const ids = entries.map((entry) => entry.identifier);
  const allSelected = ids.length > 0 && ids.every((id) => selected.includes(id));

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="notifications-title"
      scroll="paper"
      slotProps={{ paper: { sx: { width: 555 } } }}
    >
      <DialogTitle id="notifications-title">{translate('ui.toolbar.notifications')}</DialogTitle>
      <DialogContent dividers sx={{ px: 1 }}>
        {query.error ? <Alert severity="error">{translate('pages.common.loadError')}</Alert> : null}
        {query.isPending ? (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
          </Box>
        ) : null}
        {!query.isPending && !query.error && entries.length === 0 ? (
          <Typography sx={{ p: 2 }}>{translate('pages.notifications.empty')}</Typography>
        ) : null}
        {entries.length > 0 ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', px: 1 }}>
              <Checkbox
                checked={allSelected}
                indeterminate={!allSelected && selected.length > 0}
                onChange={() => setSelected(allSelected ? [] : ids)}
                slotProps={{ input: { 'aria-label': translate('pages.common.selectAll') } }}
              />
              <Typography variant="body2" color="text.secondary">
                {translate('pages.common.selected', { count: selected.length })}
              </Typography>
            </Box>
            <List aria-labelledby="notifications-title" data-testid="notification-list">
              {entries.map((entry) => (
                <NotificationEntry
                  key={entry.identifier}
                  notification={entry}
                  selected={selected.includes(entry.identifier)}
                  onSelect={() => toggle(entry.identifier)}
                  onToggleRead={() =>
                    run(entry.status === 'new' ? 'read' : 'unread', {
                      notificationIdentifier: entry.identifier,
                    })
                  }
                  onNavigate={onClose}
                />
              ))}
            </List>
            {query.hasNextPage ? (
              <Box sx={{ textAlign: 'center' }}>
                <Button onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {translate('pages.notifications.more')}
                </Button>
              </Box>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button
          disabled={selected.length === 0}
          onClick={() => run('read-multiple', { notificationIdentifiers: selected })}
        >
          {translate('pages.notifications.readSelected')}
        </Button>
        <Button disabled={entries.length === 0} onClick={() => run('read-all')}>
          {translate('pages.notifications.readAll')}
        </Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
