import type { Notification } from '@brigade/core/schemas/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { formatRelativeTime } from './format-relative-time';
import { notificationMessages } from './notification-messages';
import classes from './notifications.module.css';

interface NotificationListProps {
  items: readonly Notification[];
  /** Called when a notification is opened (the bell closes its panel). */
  onOpen?: () => void;
  /** A "Mark read" button beside each unread one, for reading without opening (the page). */
  withMarkRead?: boolean;
  label: string;
}

/**
 * Notifications newest first: title, body and how long ago, the unread ones marked.
 * Opening one marks it read and goes to its screen.
 */
export function NotificationList({ items, onOpen, withMarkRead = false, label }: NotificationListProps) {
  const { t, i18n } = useLingui();
  const markRead = useMarkNotificationRead({
    onError: () => toasts.show({ color: 'red', message: i18n._(notificationMessages.markReadFailed) }),
  });

  /**
   * The button's name: "Mark read: Training due". It starts with the words it shows, as a
   * voice control user says them (axe label-content-name-mismatch), then names which one.
   */
  function markReadLabel(title: string) {
    return t`Mark read: ${title}`;
  }

  return (
    <ul className={classes.list} aria-label={label}>
      {items.map((notification) => (
        <li key={notification.id} className={classes.item} data-unread={notification.read ? undefined : true}>
          <Link
            to={notification.link}
            className={classes.open}
            onClick={() => {
              if (!notification.read) markRead.mutate(notification.id);
              onOpen?.();
            }}
          >
            <span className={classes.dot} aria-hidden />
            <span className={classes.text}>
              {!notification.read && (
                <VisuallyHidden>
                  <Trans>Unread:</Trans>{' '}
                </VisuallyHidden>
              )}
              <Text component="span" display="block" fw={notification.read ? 500 : 700}>
                {notification.title}
              </Text>
              <Text component="span" display="block" size="sm" c="gray.7">
                {notification.body}
              </Text>
              <Text
                component="time"
                display="block"
                size="xs"
                c="gray.7"
                dateTime={notification.createdAt}
                title={formatDateTime(notification.createdAt)}
              >
                {formatRelativeTime(notification.createdAt)}
              </Text>
            </span>
          </Link>
          {withMarkRead && !notification.read && (
            <Button
              className={classes.markRead}
              variant="subtle"
              size="compact-sm"
              aria-label={markReadLabel(notification.title)}
              loading={markRead.isPending && markRead.variables === notification.id}
              onClick={() => markRead.mutate(notification.id)}
            >
              <Trans>Mark read</Trans>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
