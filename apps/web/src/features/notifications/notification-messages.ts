/** What the notification centre says, once, for the bell, the page and the tests. */
export const notificationMessages = {
  title: 'Notifications',
  allCaughtUp: "You're all caught up",
  allCaughtUpHint: 'New trainings, reminders and announcements to acknowledge will appear here.',
  loadFailed: 'Failed to load notifications',
  markReadFailed: 'Failed to mark the notification read',
  markAllRead: 'Mark all as read',
  markAllReadFailed: 'Failed to mark notifications read',
  allMarkedRead: 'All notifications marked as read',
  seeAll: 'See all notifications',
} as const;

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(unread: number): string {
  return unread > 0 ? `${notificationMessages.title}, ${unread} unread` : notificationMessages.title;
}
