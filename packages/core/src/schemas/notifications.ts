import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notification-kinds';
import { paged } from './common';

export const NotificationKind = z.enum(NOTIFICATION_KINDS);

export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** The app path it opens. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = paged(Notification).extend({ unread: z.number().int() });
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  unreadOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** What the header's bell polls: the unread count alone. */
export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const NotificationPreference = z.object({ kind: NotificationKind, email: z.boolean() });
export type NotificationPreference = z.infer<typeof NotificationPreference>;

export const NotificationPreferences = z.object({
  /** Whether the server can send email at all (SMTP_URL set); without it every kind is in-app only. */
  emailAvailable: z.boolean(),
  preferences: z.array(NotificationPreference),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const NotificationPreferencesInput = z.object({
  preferences: z.array(NotificationPreference).min(1).max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferencesInput = z.input<typeof NotificationPreferencesInput>;
