import { DEFAULT_LANGUAGE, type Language } from '@brigade/core/languages';
import { messages } from '@brigade/core/messages';
import { NOTIFICATION_KINDS, notificationKinds } from '@brigade/core/notification-kinds';
import type { Role } from '@brigade/core/roles';
import type {
  Notification,
  NotificationPage,
  NotificationPreferences,
  NotificationPreferencesInput,
  UnreadCount,
} from '@brigade/core/schemas/notifications';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { notificationCounts, notificationPreferences, notifications } from '../../db/schema/notifications';
import { notFound } from '../../errors';
import { notificationIn } from '../../i18n/server-texts';

const NOTIFICATION_NOT_FOUND = messages.notificationNotFound;

/**
 * A person's notifications, newest first, with their total and unread count, in one round
 * trip: the counts are read from `notification_counts`, which triggers keep (migration
 * 0015), so a long history costs no more than a short one. Titles and bodies are written
 * in `language` from each one's params (issue 22).
 */
export async function listNotifications(
  db: Queryable,
  userId: string,
  query: { page: number; pageSize: number; unreadOnly: boolean },
  language: Language = DEFAULT_LANGUAGE,
): Promise<NotificationPage> {
  const mine = eq(notifications.userId, userId);
  const counted = (column: typeof notificationCounts.total | typeof notificationCounts.unread) =>
    sql<number>`coalesce((select ${column} from ${notificationCounts} where ${notificationCounts.userId} = ${userId}), 0)`;
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      params: notifications.params,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      total: counted(notificationCounts.total),
      unread: counted(notificationCounts.unread),
    })
    .from(notifications)
    .where(query.unreadOnly ? and(mine, isNull(notifications.readAt)) : mine)
    // In the index's own order: a plain DESC means NULLS FIRST, which the index
    // (DESC NULLS LAST, as Drizzle writes it) cannot give, and PostgreSQL would sort them all.
    .orderBy(sql`${notifications.createdAt} desc nulls last`, sql`${notifications.id} desc nulls last`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // Past the last page no row carries the counts: only then are they read on their own.
  const counts = rows[0] ?? (await countsOf(db, userId));
  return {
    items: rows.map(
      ({ createdAt, readAt, kind, params, total: _total, unread: _unread, ...row }): Notification => ({
        ...row,
        ...notificationIn(language, { kind, title: row.title, body: row.body, params }),
        kind: kind as Notification['kind'],
        createdAt: createdAt.toISOString(),
        read: readAt !== null,
      }),
    ),
    total: query.unreadOnly ? counts.unread : counts.total,
    unread: counts.unread,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A person's kept counts; no row yet means no notification yet. */
async function countsOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ total: notificationCounts.total, unread: notificationCounts.unread })
    .from(notificationCounts)
    .where(eq(notificationCounts.userId, userId));
  return row ?? { total: 0, unread: 0 };
}

export async function unreadCount(db: Queryable, userId: string): Promise<UnreadCount> {
  return { unread: (await countsOf(db, userId)).unread };
}

/** Marks one of the caller's notifications read; someone else's is "not found", as if it did not exist. */
export async function markRead(db: Queryable, userId: string, id: string): Promise<UnreadCount> {
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound(NOTIFICATION_NOT_FOUND);
  return unreadCount(db, userId);
}

export async function markAllRead(db: Queryable, userId: string): Promise<UnreadCount> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread: 0 };
}

/** Every kind the person's role can receive, with their choice or the kind's default. */
export async function preferencesOf(
  db: Queryable,
  user: { id: string; role: Role },
  emailAvailable: boolean,
): Promise<NotificationPreferences> {
  const chosen = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, user.id));
  const byKind = new Map(chosen.map((row) => [row.kind, row.email]));
  return {
    emailAvailable,
    preferences: kindsFor(user.role).map((kind) => ({
      kind,
      email: byKind.get(kind) ?? notificationKinds[kind].email,
    })),
  };
}

/** Saves the choices in one statement; kinds the role cannot receive are refused as a field error. */
export async function savePreferences(
  db: Queryable,
  user: { id: string; role: Role },
  input: z.output<typeof NotificationPreferencesInput>,
  emailAvailable: boolean,
): Promise<NotificationPreferences> {
  const allowed = new Set(kindsFor(user.role));
  const rows = input.preferences.filter((preference) => allowed.has(preference.kind));
  if (rows.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(rows.map((row) => ({ userId: user.id, kind: row.kind, email: row.email })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: sql`excluded.email` },
      });
  }
  return preferencesOf(db, user, emailAvailable);
}

function kindsFor(role: Role) {
  return NOTIFICATION_KINDS.filter((kind) => (notificationKinds[kind].roles as readonly Role[]).includes(role));
}

// What the rest of the server uses of notifications' jobs: app.ts registers them on the queue.
export { registerNotificationJobs } from './jobs';
