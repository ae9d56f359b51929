import { NotificationContext, useNotificationContext, useTranslate } from 'ra-core';
import { useMemo } from 'react';
import { Notification, type NotificationProps } from 'react-admin';
import { snackbarDuration } from './snackbar-duration';

/**
 * react-admin's snackbar with the spec's durations: each notification that does not set its own
 * stays 5 s, or 8 s when its (translated) text is over 60 characters.
 */
export function KontorNotification(props: NotificationProps) {
  const context = useNotificationContext();
  const translate = useTranslate();
  const value = useMemo(
    () => ({
      ...context,
      takeNotification: () => {
        const notification = context.takeNotification();
        if (!notification || notification.notificationOptions?.autoHideDuration !== undefined) return notification;
        const text =
          typeof notification.message === 'string'
            ? translate(notification.message, { _: notification.message, ...notification.notificationOptions?.messageArgs })
            : '';
        return {
          ...notification,
          notificationOptions: { ...notification.notificationOptions, autoHideDuration: snackbarDuration(text) },
        };
      },
    }),
    [context, translate],
  );
  return (
    <NotificationContext.Provider value={value}>
      <Notification {...props} />
    </NotificationContext.Provider>
  );
}
