import { DASHBOARD_ANNOUNCEMENTS } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { Announcement, AnnouncementInput, AnnouncementPage } from '@brigade/core/schemas/announcements';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/guards';
import type { Queryable } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { announcements } from '../../db/schema/announcements';
import { users } from '../../db/schema/users';
import { notFound } from '../../errors';

type AnnouncementFields = z.output<typeof AnnouncementInput>;

const columns = {
  id: announcements.id,
  title: announcements.title,
  description: announcements.description,
  createdAt: announcements.createdAt,
  createdByName: users.name,
};

const present = ({
  createdAt,
  ...row
}: {
  createdAt: Date;
  id: string;
  title: string;
  description: string;
  createdByName: string | null;
}): Announcement => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/** The newest first, with the author's name (null once they are deleted). */
export async function recentAnnouncements(db: Queryable, limit = DASHBOARD_ANNOUNCEMENTS): Promise<Announcement[]> {
  const rows = await db
    .select(columns)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(limit);
  return rows.map(present);
}

export async function listAnnouncements(
  db: Queryable,
  query: { search?: string; page: number; pageSize: number },
): Promise<AnnouncementPage> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = pattern
    ? or(ilike(announcements.title, pattern), ilike(announcements.description, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.createdBy))
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(announcements).where(where),
  ]);
  return { items: rows.map(present), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}

async function findAnnouncement(db: Queryable, id: string): Promise<Announcement> {
  const [row] = await db
    .select(columns)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .where(eq(announcements.id, id));
  if (!row) throw notFound(messages.announcementNotFound);
  return present(row);
}

export async function createAnnouncement(db: Queryable, actor: SessionUser, input: AnnouncementFields) {
  const [row] = await db
    .insert(announcements)
    .values({ ...input, createdBy: actor.id })
    .returning({ id: announcements.id });
  if (!row) throw new Error('insert returned no row');
  return findAnnouncement(db, row.id);
}

export async function updateAnnouncement(db: Queryable, id: string, input: AnnouncementFields) {
  const updated = await db
    .update(announcements)
    .set(input)
    .where(eq(announcements.id, id))
    .returning({ id: announcements.id });
  if (updated.length === 0) throw notFound(messages.announcementNotFound);
  return findAnnouncement(db, id);
}

export async function deleteAnnouncement(db: Queryable, id: string) {
  const deleted = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  if (deleted.length === 0) throw notFound(messages.announcementNotFound);
}
