import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What the notification centre says, once, for the bell, the page and the tests: `i18n._(notificationMessages.title)`. */
export const notificationMessages = {
  title: msg`Notifications`,
  allCaughtUp: msg`You're all caught up`,
  allCaughtUpHint: msg`New trainings, reminders and announcements to acknowledge will appear here.`,
  loadFailed: msg`Failed to load notifications`,
  markReadFailed: msg`Failed to mark the notification read`,
  markAllRead: msg`Mark all as read`,
  markAllReadFailed: msg`Failed to mark notifications read`,
  allMarkedRead: msg`All notifications marked as read`,
  seeAll: msg`See all notifications`,
} as const;

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(i18n: I18n, unread: number): string {
  return unread > 0 ? i18n._(msg`Notifications, ${unread} unread`) : i18n._(notificationMessages.title);
}
