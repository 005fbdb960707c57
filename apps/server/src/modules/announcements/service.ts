import { DASHBOARD_ANNOUNCEMENTS } from '@brigade/core/limits';
import { ackMessages, messages } from '@brigade/core/messages';
import type { Role } from '@brigade/core/roles';
import {
  type AckCounts,
  type AckCountsQuery,
  type Acknowledgement,
  type AckPeoplePage,
  type AckPeopleQuery,
  type ManagedAnnouncement as Announcement,
  type AnnouncementDetail,
  type AnnouncementInput,
  type AnnouncementListQuery,
  type AnnouncementPage,
  type AnnouncementSort,
  MAX_PINNED_ANNOUNCEMENTS,
  type PinnedAnnouncement,
} from '@brigade/core/schemas/announcements';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import { announcementRestaurants, announcements } from '../../db/schema/announcements';
import { CHAIN_COUNTS, chainCount, oneRow } from '../../db/schema/counts';
import { restaurants } from '../../db/schema/restaurants';
import { users } from '../../db/schema/users';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { OfflineTimes } from '../../http/offline-times';
import { emailStateSql, type Notifier } from '../../notify/notifier';
import { textsSql } from '../../notify/texts-sql';
import { acknowledgementEvent, emitEvent } from '../webhooks/service';

type AnnouncementFields = z.output<typeof AnnouncementInput>;
type AnnouncementChange = AnnouncementFields & { reacknowledge?: boolean };

const restaurantCountOf = sql<number>`(select count(*)::int from ${announcementRestaurants} ar
  where ar.announcement_id = ${announcements.id})`;

const columns = {
  id: announcements.id,
  title: announcements.title,
  description: announcements.description,
  createdAt: announcements.createdAt,
  createdByName: users.name,
  requiresAck: announcements.requiresAck,
  ackVersion: announcements.ackVersion,
  audienceRoles: announcements.audienceRoles,
  restaurantCount: restaurantCountOf,
};

type Row = Omit<Announcement, 'createdAt' | 'audienceRoles'> & { createdAt: Date; audienceRoles: string[] };

const present = ({ createdAt, audienceRoles, ...row }: Row): Announcement => ({
  ...row,
  audienceRoles: audienceRoles as Role[],
  createdAt: createdAt.toISOString(),
});

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

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

/**
 * The announcements list's sorts: posted date (newest first without a choice), title, and
 * author's name (a deleted author's sort after every name ascending). Dates and titles
 * walk their (column, id) index; the author is a join, sorted over the list's few
 * thousand rows at most.
 */
const announcementSorting: ListSorting<AnnouncementSort> = {
  columns: { createdAt: announcements.createdAt, title: announcements.title, author: users.name },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: announcements.id,
};

/** The list's total without a search, from the chain's counts (decision 016): the chain's history is not counted per page. */
function unsearchedTotal(requiresAck: z.output<typeof AnnouncementListQuery>['requiresAck']) {
  const all = chainCount(CHAIN_COUNTS.announcements);
  const asking = chainCount(CHAIN_COUNTS.announcementsRequiringAck);
  if (requiresAck === 'true') return asking;
  if (requiresAck === 'false') return sql<number>`${all} - ${asking}`;
  return all;
}

export async function listAnnouncements(
  db: Queryable,
  query: z.output<typeof AnnouncementListQuery>,
): Promise<AnnouncementPage> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = and(
    pattern ? or(ilike(announcements.title, pattern), ilike(announcements.description, pattern)) : undefined,
    query.requiresAck ? eq(announcements.requiresAck, query.requiresAck === 'true') : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.createdBy))
      .where(where)
      .orderBy(...orderByOf(announcementSorting, query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    pattern
      ? db.select({ value: count() }).from(announcements).where(where)
      : db.select({ value: unsearchedTotal(query.requiresAck) }).from(oneRow),
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

/**
 * "This person (the users row aliased `u`) is in the audience of announcement `a`": active,
 * of a chosen role (or any when none is chosen), and working at a chosen restaurant (or
 * anywhere, hq included, when none is chosen). The one definition of an audience: the
 * pinned list, the acknowledgement, the counts and the notifications all use it.
 */
function inAudience(a: SQL, u: SQL): SQL {
  return sql`${u}.is_active
    and (cardinality(${a}.audience_roles) = 0 or ${u}.role = any(${a}.audience_roles))
    and (not exists (select 1 from announcement_restaurants ar where ar.announcement_id = ${a}.id)
      or exists (select 1 from announcement_restaurants ar
        join staff_restaurant_assignments sra on sra.restaurant_id = ar.restaurant_id
        where ar.announcement_id = ${a}.id and sra.user_id = ${u}.id))`;
}

/** Acknowledged at the announcement's current version (older acknowledgements do not count). */
function acknowledgedCurrent(a: SQL, u: SQL): SQL {
  return sql`exists (select 1 from announcement_acknowledgements ack
    where ack.announcement_id = ${a}.id and ack.user_id = ${u}.id and ack.version = ${a}.ack_version)`;
}

async function checkRestaurantsExist(db: Queryable, ids: string[]) {
  if (ids.length === 0) return;
  const [found] = await db.select({ value: count() }).from(restaurants).where(inArray(restaurants.id, ids));
  if ((found?.value ?? 0) !== ids.length) {
    throw badRequest(ackMessages.audienceRestaurantNotFound, { restaurantIds: ackMessages.audienceRestaurantNotFound });
  }
}

async function replaceAudienceRestaurants(tx: Queryable, id: string, restaurantIds: string[]) {
  await tx.delete(announcementRestaurants).where(eq(announcementRestaurants.announcementId, id));
  if (restaurantIds.length > 0) {
    await tx
      .insert(announcementRestaurants)
      .values(restaurantIds.map((restaurantId) => ({ announcementId: id, restaurantId })));
  }
}

/**
 * Asks the audience of an announcement that requires acknowledgement to acknowledge its
 * current version: one INSERT … SELECT, in the caller's transaction. Those who have
 * acknowledged that version, and those already notified of it, are skipped, so saving
 * again only reaches people newly added to the audience.
 */
async function notifyAudience(tx: Queryable, notifier: Notifier, id: string) {
  await tx.execute(sql`
    insert into notifications (user_id, kind, subject_key, title, body, params, link, email_state)
    select u.id, 'announcementAck', a.id || ':' || a.ack_version,
           ${ackTexts.title}, ${ackTexts.body}, ${ackTexts.params}, '/announcements/' || a.id,
           ${emailStateSql(notifier.emailOn, 'announcementAck', sql`u.id`)}
    from announcements a
    join users u on ${inAudience(sql`a`, sql`u`)}
    where a.id = ${id} and a.requires_ack and not ${acknowledgedCurrent(sql`a`, sql`u`)}
    on conflict on constraint notifications_once_key do nothing`);
}

const ackTexts = textsSql('announcementAck', sql`a.title`);

/** The author has read what they wrote: their own acknowledgement of the version they post, when they are in its audience. */
async function acknowledgeAsAuthor(tx: Queryable, id: string, actorId: string) {
  await tx.execute(sql`
    insert into announcement_acknowledgements (announcement_id, user_id, version)
    select a.id, u.id, a.ack_version from announcements a join users u on u.id = ${actorId}
    where a.id = ${id} and a.requires_ack and ${inAudience(sql`a`, sql`u`)}
    on conflict (announcement_id, user_id) do update set version = excluded.version, acknowledged_at = now()
      where announcement_acknowledgements.version < excluded.version`);
}

export async function createAnnouncement(
  db: Database,
  notifier: Notifier,
  actor: SessionUser,
  input: AnnouncementFields,
): Promise<Announcement> {
  const { restaurantIds, ...fields } = input;
  await checkRestaurantsExist(db, restaurantIds);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ ...fields, createdBy: actor.id })
      .returning({ id: announcements.id });
    if (!row) throw new Error('insert returned no row');
    await replaceAudienceRestaurants(tx, row.id, restaurantIds);
    if (fields.requiresAck) {
      await acknowledgeAsAuthor(tx, row.id, actor.id);
      await notifyAudience(tx, notifier, row.id);
    }
    return row.id;
  });
  if (fields.requiresAck) notifier.wake();
  return findAnnouncement(db, id);
}

/**
 * Saves an edit. When the text of an announcement that requires acknowledgement (and
 * has acknowledgements of its current version) changes, `reacknowledge` decides whether
 * its version grows, so that everybody acknowledges again; without it, 409 so the form
 * asks hq. While it requires acknowledgement, whoever is (newly) in its audience and has
 * not acknowledged is notified.
 */
export async function updateAnnouncement(
  db: Database,
  notifier: Notifier,
  actor: SessionUser,
  id: string,
  input: AnnouncementChange,
): Promise<Announcement> {
  const { restaurantIds, reacknowledge, ...fields } = input;
  await checkRestaurantsExist(db, restaurantIds);
  await db.transaction(async (tx) => {
    const [current] = (
      (await tx.execute(sql`
        select a.title, a.description, a.requires_ack, a.ack_version,
          exists (select 1 from announcement_acknowledgements ack
            where ack.announcement_id = a.id and ack.version = a.ack_version) as acknowledged
        from announcements a where a.id = ${id} for update`)) as unknown as {
        rows: {
          title: string;
          description: string;
          requires_ack: boolean;
          ack_version: number;
          acknowledged: boolean;
        }[];
      }
    ).rows;
    if (!current) throw notFound(messages.announcementNotFound);
    const textChanged = current.title !== fields.title || current.description !== fields.description;
    const asksAgain = current.requires_ack && fields.requiresAck && textChanged && current.acknowledged;
    if (asksAgain && reacknowledge === undefined) {
      throw conflict(ackMessages.reacknowledgeRequired, { reacknowledge: ackMessages.reacknowledgeRequired });
    }
    const ackVersion = asksAgain && reacknowledge ? current.ack_version + 1 : current.ack_version;
    await tx
      .update(announcements)
      .set({ ...fields, ackVersion })
      .where(eq(announcements.id, id));
    await replaceAudienceRestaurants(tx, id, restaurantIds);
    if (fields.requiresAck) {
      await acknowledgeAsAuthor(tx, id, actor.id);
      await notifyAudience(tx, notifier, id);
    }
  });
  if (fields.requiresAck) notifier.wake();
  return findAnnouncement(db, id);
}

export async function deleteAnnouncement(db: Queryable, id: string) {
  const deleted = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  if (deleted.length === 0) throw notFound(messages.announcementNotFound);
}

/** One announcement with its restaurants, and where the caller stands with it. */
export async function getAnnouncement(db: Queryable, actor: SessionUser, id: string): Promise<AnnouncementDetail> {
  const [announcement, restaurantRows, standing] = await Promise.all([
    findAnnouncement(db, id).catch((error: unknown) => error),
    db
      .select({ id: restaurants.id, name: restaurants.name })
      .from(announcementRestaurants)
      .innerJoin(restaurants, eq(restaurants.id, announcementRestaurants.restaurantId))
      .where(eq(announcementRestaurants.announcementId, id))
      .orderBy(asc(restaurants.name), asc(restaurants.id)),
    db.execute(sql`
      select ${inAudience(sql`a`, sql`u`)} as in_audience,
        (select ack.acknowledged_at from announcement_acknowledgements ack
          where ack.announcement_id = a.id and ack.user_id = u.id and ack.version = a.ack_version) as acknowledged_at
      from announcements a join users u on u.id = ${actor.id} where a.id = ${id}`) as unknown as Promise<{
      rows: { in_audience: boolean; acknowledged_at: string | Date | null }[];
    }>,
  ]);
  if (announcement instanceof Error) throw announcement;
  const [mine] = standing.rows;
  return {
    ...(announcement as Announcement),
    restaurants: restaurantRows,
    inMyAudience: Boolean(mine?.in_audience),
    acknowledgedAt: mine?.acknowledged_at ? iso(mine.acknowledged_at) : null,
  };
}

/** What the caller has still to acknowledge, newest first: the pinned cards of every dashboard. */
export async function pinnedAnnouncements(db: Queryable, actor: SessionUser): Promise<PinnedAnnouncement[]> {
  const result = (await db.execute(sql`
    select a.id, a.title, a.description, a.created_at, a.ack_version
    from announcements a join users u on u.id = ${actor.id}
    where a.requires_ack and ${inAudience(sql`a`, sql`u`)} and not ${acknowledgedCurrent(sql`a`, sql`u`)}
    order by a.created_at desc, a.id desc
    limit ${MAX_PINNED_ANNOUNCEMENTS}`)) as unknown as {
    rows: { id: string; title: string; description: string; created_at: string | Date; ack_version: number }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    createdAt: iso(row.created_at),
    ackVersion: row.ack_version,
  }));
}

/**
 * "I have read this": records the caller's acknowledgement of the current version, and
 * marks its notification read. Idempotent: acknowledging again keeps the first time.
 */
export async function acknowledgeAnnouncement(
  db: Database,
  actor: SessionUser,
  id: string,
  offline: OfflineTimes | null = null,
): Promise<Acknowledgement> {
  // Acknowledged offline (issue 34): when the person read it, corrected for the device's clock.
  const at = offline ? sql`${offline.recordedAt.toISOString()}::timestamptz` : sql`now()`;
  return db.transaction(async (tx) => {
    const [standing] = (
      (await tx.execute(sql`
        select a.requires_ack, a.ack_version, ${inAudience(sql`a`, sql`u`)} as in_audience
        from announcements a join users u on u.id = ${actor.id} where a.id = ${id}`)) as unknown as {
        rows: { requires_ack: boolean; ack_version: number; in_audience: boolean }[];
      }
    ).rows;
    if (!standing) throw notFound(messages.announcementNotFound);
    if (!standing.requires_ack) throw conflict(ackMessages.notRequired);
    if (!standing.in_audience) throw forbidden(ackMessages.notInAudience);
    const [row] = (
      (await tx.execute(sql`
        insert into announcement_acknowledgements (announcement_id, user_id, version, acknowledged_at)
        values (${id}, ${actor.id}, ${standing.ack_version}, ${at})
        on conflict (announcement_id, user_id) do update
          set version = excluded.version,
              acknowledged_at = case when announcement_acknowledgements.version = excluded.version
                then announcement_acknowledgements.acknowledged_at else excluded.acknowledged_at end
        returning version, acknowledged_at, acknowledged_at = ${at} as fresh`)) as unknown as {
        rows: { version: number; acknowledged_at: string | Date; fresh: boolean }[];
      }
    ).rows;
    if (!row) throw new Error('upsert returned no row');
    if (row.fresh) await emitEvent(tx, 'announcement.acknowledged', acknowledgementEvent(id, actor.id));
    await tx.execute(sql`
      update notifications set read_at = now()
      where user_id = ${actor.id} and kind = 'announcementAck'
        and subject_key = ${`${id}:${standing.ack_version}`} and read_at is null`);
    return { version: row.version, acknowledgedAt: iso(row.acknowledged_at) };
  });
}

/** Managers must name their restaurant (the guard has checked they reach it). */
function requireRestaurantOfManager(actor: SessionUser, restaurantId: string | undefined) {
  if (actor.role !== 'hq' && !restaurantId) {
    throw badRequest(ackMessages.selectRestaurant, { restaurantId: ackMessages.selectRestaurant });
  }
}

/**
 * People `u` of the audience of the announcement `id`, of one restaurant when named:
 * `inAudience` with the announcement read through uncorrelated subqueries of `id`, so
 * that PostgreSQL reads its roles and restaurant lists once per query (init plans and a
 * hashed set) and, seeing a plain filter on `users`, can count the chain with one hash join.
 */
function audienceWhere(id: string, restaurantId: string | undefined): SQL {
  const ofRestaurant = restaurantId
    ? sql`and u.id in (select s.user_id from staff_restaurant_assignments s where s.restaurant_id = ${restaurantId})`
    : sql``;
  return sql`u.is_active
    and ((select cardinality(audience_roles) = 0 from announcements where id = ${id})
      or u.role = any((select audience_roles from announcements where id = ${id})::text[]))
    and (not exists (select 1 from announcement_restaurants ar where ar.announcement_id = ${id})
      or u.id in (select sra.user_id from announcement_restaurants ar
        join staff_restaurant_assignments sra on sra.restaurant_id = ar.restaurant_id
        where ar.announcement_id = ${id}))
    ${ofRestaurant}`;
}

/** The acknowledgement `ack` of person `u` at the current version of the announcement `id`, if any. */
function currentAcknowledgement(id: string): SQL {
  return sql`left join announcement_acknowledgements ack on ack.announcement_id = ${id} and ack.user_id = u.id
    and ack.version = (select ack_version from announcements where id = ${id})`;
}

/** One statement counting the audience of `id` (of one restaurant when named) and its acknowledgements. */
function audienceCount(id: string, restaurantId: string | undefined): SQL {
  return sql`select count(*)::int as audience, count(ack.user_id)::int as acknowledged
    from users u ${currentAcknowledgement(id)} where ${audienceWhere(id, restaurantId)}`;
}

/**
 * The chain's totals of announcement `a` as saved at the current audience stamp (`t`,
 * nulls when none are): counting the chain costs ~14 ms of SQL, this a fraction of one
 * (migration 0016, decision 023).
 */
const savedChainTotals = sql`left join announcement_ack_totals t
  on t.announcement_id = a.id and t.stamp = (select stamp from audience_stamp)`;

type Totals = { audience: number; acknowledged: number };

/**
 * Counts the chain's totals of `id` and saves them with the stamp read in the same
 * statement, and so the same snapshot: saved totals are exact for their stamp, and a
 * writer that changes what they count moves the stamp in its own transaction.
 */
async function countChainTotals(db: Queryable, id: string): Promise<Totals> {
  const { rows } = (await db.execute(sql`with current_stamp as (select stamp from audience_stamp),
    counted as (${audienceCount(id, undefined)}),
    saved as (insert into announcement_ack_totals (announcement_id, stamp, audience, acknowledged)
      select a.id, s.stamp, c.audience, c.acknowledged from announcements a, current_stamp s, counted c
      where a.id = ${id}
      on conflict (announcement_id) do update
        set stamp = excluded.stamp, audience = excluded.audience, acknowledged = excluded.acknowledged
        where announcement_ack_totals.stamp < excluded.stamp)
    select audience, acknowledged from counted`)) as unknown as { rows: Totals[] };
  return rows[0] ?? { audience: 0, acknowledged: 0 };
}

/** The totals a statement read (a restaurant's counted, the chain's saved); the chain's are counted and saved when none were current. */
async function totalsOf(db: Queryable, id: string, saved: Partial<Record<keyof Totals, number | null>>) {
  return saved.audience == null || saved.acknowledged == null
    ? countChainTotals(db, id)
    : { audience: saved.audience, acknowledged: saved.acknowledged };
}

/**
 * One page of restaurants by name, each with acknowledged / audience of announcement `id`:
 * what was saved at the current audience stamp (a key lookup per restaurant), and for the
 * others their people counted (a few dozen each) and saved with that stamp in the same
 * statement, so in the same snapshot (decision 052, as `countChainTotals` does for the
 * chain). Nothing is saved for an announcement that does not ask for acknowledgement (or
 * does not exist). Rows are written in restaurant order, so two servers saving one page at
 * once cannot deadlock; the newer stamp wins.
 */
function restaurantPage(id: string, scope: SQL, page: { page: number; pageSize: number }): SQL {
  return sql`
    with current_stamp as (select stamp from audience_stamp),
    shown as (
      select r.id, r.name from restaurants r where ${scope}
      order by r.name, r.id limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}),
    saved as (
      select t.restaurant_id, t.audience, t.acknowledged
      from shown join announcement_ack_restaurant_totals t on t.announcement_id = ${id} and t.restaurant_id = shown.id
      where t.stamp = (select stamp from current_stamp)),
    counted as (
      select shown.id, c.audience, c.acknowledged
      from shown cross join lateral (
        select count(*)::int as audience, count(ack.user_id)::int as acknowledged
        from announcements a
        join staff_restaurant_assignments s on s.restaurant_id = shown.id
        join users u on u.id = s.user_id and u.is_active
          and (cardinality(a.audience_roles) = 0 or u.role = any(a.audience_roles))
        left join announcement_acknowledgements ack
          on ack.announcement_id = a.id and ack.user_id = u.id and ack.version = a.ack_version
        where a.id = ${id}) c
      where shown.id not in (select saved.restaurant_id from saved)),
    kept as (
      insert into announcement_ack_restaurant_totals (announcement_id, restaurant_id, stamp, audience, acknowledged)
      select a.id, counted.id, s.stamp, counted.audience, counted.acknowledged
      from announcements a, current_stamp s, counted
      where a.id = ${id} and a.requires_ack
      order by counted.id
      on conflict (announcement_id, restaurant_id) do update
        set stamp = excluded.stamp, audience = excluded.audience, acknowledged = excluded.acknowledged
        where announcement_ack_restaurant_totals.stamp < excluded.stamp)
    select shown.id, shown.name,
      coalesce(saved.audience, counted.audience) as audience,
      coalesce(saved.acknowledged, counted.acknowledged) as acknowledged
    from shown
    left join saved on saved.restaurant_id = shown.id
    left join counted on counted.id = shown.id
    order by shown.name, shown.id`;
}

/**
 * Acknowledged / audience of one announcement (in all, or of the named restaurant), and
 * per restaurant, a page of them by name: the chosen restaurants, or every restaurant
 * when none is chosen. Two queries, whatever the chain's size: the announcement with its
 * totals, and the page of restaurants with theirs.
 */
export async function acknowledgementCounts(
  db: Queryable,
  actor: SessionUser,
  id: string,
  query: z.output<typeof AckCountsQuery>,
): Promise<AckCounts> {
  requireRestaurantOfManager(actor, query.restaurantId);
  const scope = sql`(${query.restaurantId ? sql`r.id = ${query.restaurantId}` : sql`true`})
    and (not exists (select 1 from announcement_restaurants ar where ar.announcement_id = ${id})
      or r.id in (select ar.restaurant_id from announcement_restaurants ar where ar.announcement_id = ${id}))`;
  const [totals, page] = await Promise.all([
    db.execute(sql`select a.ack_version, a.requires_ack, t.audience, t.acknowledged,
        (select count(*)::int from restaurants r where ${scope}) as restaurant_total
      from announcements a ${
        query.restaurantId ? sql`cross join (${audienceCount(id, query.restaurantId)}) t` : savedChainTotals
      }
      where a.id = ${id}`) as unknown as Promise<{
      rows: {
        ack_version: number;
        requires_ack: boolean;
        audience: number | null;
        acknowledged: number | null;
        restaurant_total: number;
      }[];
    }>,
    db.execute(restaurantPage(id, scope, query)) as unknown as Promise<{
      rows: { id: string; name: string; audience: number; acknowledged: number }[];
    }>,
  ]);
  const [target] = totals.rows;
  if (!target) throw notFound(messages.announcementNotFound);
  const asked = target.requires_ack;
  const counted = asked ? await totalsOf(db, id, target) : { audience: 0, acknowledged: 0 };
  return {
    ackVersion: target.ack_version,
    audience: counted.audience,
    acknowledged: counted.acknowledged,
    restaurants: {
      items: asked
        ? page.rows.map((row) => ({
            restaurant: { id: row.id, name: row.name },
            audience: row.audience,
            acknowledged: row.acknowledged,
          }))
        : [],
      total: asked ? target.restaurant_total : 0,
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}

/**
 * A page of the audience by name: who has not acknowledged the current version (or who
 * has, with when). Two queries: the page, and the announcement with the count.
 */
export async function acknowledgementPeople(
  db: Queryable,
  actor: SessionUser,
  id: string,
  query: z.output<typeof AckPeopleQuery>,
): Promise<AckPeoplePage> {
  requireRestaurantOfManager(actor, query.restaurantId);
  const status = query.status === 'pending' ? sql`ack.user_id is null` : sql`ack.user_id is not null`;
  const acknowledgement = currentAcknowledgement(id);
  const [rows, total] = await Promise.all([
    db.execute(sql`select u.id, u.name, u.role, ack.acknowledged_at
      from announcements a join users u on ${audienceWhere(id, query.restaurantId)} ${acknowledgement}
      where a.id = ${id} and a.requires_ack and ${status}
      order by u.name, u.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`) as unknown as Promise<{
      rows: { id: string; name: string; role: Role; acknowledged_at: string | Date | null }[];
    }>,
    db.execute(
      sql`select a.requires_ack, t.audience, t.acknowledged from announcements a ${
        query.restaurantId ? sql`cross join (${audienceCount(id, query.restaurantId)}) t` : savedChainTotals
      } where a.id = ${id}`,
    ) as unknown as Promise<{
      rows: { requires_ack: boolean; audience: number | null; acknowledged: number | null }[];
    }>,
  ]);
  const [target] = total.rows;
  if (!target) throw notFound(messages.announcementNotFound);
  const counted = target.requires_ack ? await totalsOf(db, id, target) : { audience: 0, acknowledged: 0 };
  return {
    items: rows.rows.map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role,
      acknowledgedAt: row.acknowledged_at ? iso(row.acknowledged_at) : null,
    })),
    total: query.status === 'pending' ? counted.audience - counted.acknowledged : counted.acknowledged,
    page: query.page,
    pageSize: query.pageSize,
  };
}
