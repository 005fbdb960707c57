import {
  type ActivityFilters,
  type ActivityItem,
  type ActivityPage,
  HQ_ONLY_KIND_PREFIXES,
} from '@brigade/core/schemas/activity-log';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { likePattern } from '../../db/like-pattern';

type Viewer = Pick<SessionUser, 'role' | 'restaurantIds'>;

/** One row as the list query reads it (timestamps as text, so a cursor keeps the microseconds). */
interface ActivityRow {
  id: string;
  at_utc: string;
  segment: string;
  seq: string | number;
  kind: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_label: string | null;
  restaurant_id: string | null;
  restaurant_name: string | null;
  object_type: string | null;
  object_id: string | null;
  object_label: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  details: Record<string, unknown> | null;
  address: string | null;
  user_agent: string | null;
}

const rowsOf = async <Row>(db: Queryable, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** `2026-11-29T01:02:03.456789Z`: the entry's time at full precision, the first half of its cursor. */
const AT_UTC = sql`to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * What the viewer may see: hq everything; a manager the entries of their restaurants
 * (a restaurant named in the filter is one of theirs: the route's guard checked it), and
 * the changes to people who work at one of them, whichever of the person's restaurants the
 * entry names; never how others sign in, nor provisioning, settings or exports
 * (`HQ_ONLY_KIND_PREFIXES`).
 */
function scopeOf(viewer: Viewer): SQL {
  if (viewer.role === 'hq') return sql`true`;
  if (viewer.restaurantIds.length === 0) return sql`false`;
  const reach = sql.join(
    viewer.restaurantIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const hidden = sql.join(
    HQ_ONLY_KIND_PREFIXES.map((prefix) => sql`l.kind not like ${`${prefix}%`}`),
    sql` and `,
  );
  const theirPeople = sql`select user_id from staff_restaurant_assignments where restaurant_id in (${reach})`;
  return sql`(l.restaurant_id in (${reach}) or (l.object_type = 'user' and l.object_id in (${theirPeople}))) and ${hidden}`;
}

/** The filters and the viewer's scope as one condition on `activity_log l`. */
export function activityWhere(viewer: Viewer, filters: ActivityFilters): SQL {
  const conditions: SQL[] = [scopeOf(viewer)];
  if (filters.actorId) conditions.push(sql`l.actor_id = ${filters.actorId}`);
  if (filters.restaurantId) conditions.push(sql`l.restaurant_id = ${filters.restaurantId}`);
  if (filters.kind) conditions.push(sql`l.kind = ${filters.kind}`);
  if (filters.from) conditions.push(sql`l.at >= ${filters.from}::timestamptz`);
  if (filters.to) conditions.push(sql`l.at < ${filters.to}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

function parseCursor(cursor: string): { at: string; id: string } {
  const split = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, split), id: cursor.slice(split + 1) };
}

/**
 * One page of entries matching `where`, newest first: after `before` (older entries), or
 * before `after` (newer ones, read upwards and turned round). The order (at, id) is the
 * indexes' (actor, restaurant, kind, each then at and id), so a page reads `limit + 1`
 * rows of an index whatever the log's size.
 */
async function readRows(
  db: Queryable,
  where: SQL,
  { before, after, limit }: { before?: string; after?: string; limit: number },
): Promise<ActivityRow[]> {
  const newer = Boolean(after);
  const cursor = before ?? after;
  let keyset = sql`true`;
  if (cursor) {
    const { at, id } = parseCursor(cursor);
    keyset = newer
      ? sql`(l.at, l.id) > (${at}::timestamptz, ${id}::uuid)`
      : sql`(l.at, l.id) < (${at}::timestamptz, ${id}::uuid)`;
  }
  // The indexes are (…, at desc nulls last, id desc nulls last): said as such, newest first
  // walks them forwards and oldest first backwards (plain `desc` means nulls first, and
  // would sort every matching row instead; the columns are never null, the planner does
  // not know it counts).
  const direction = newer ? sql`asc nulls first` : sql`desc nulls last`;
  const rows = await rowsOf<ActivityRow>(
    db,
    sql`select l.id, ${AT_UTC} as at_utc, l.segment, l.seq, l.kind, l.actor_id, u.name as actor_name, l.actor_label,
      l.restaurant_id, r.name as restaurant_name, l.object_type, l.object_id, l.object_label, l.changes, l.details,
      l.address, l.user_agent
    from (
      select * from activity_log l where ${where} and ${keyset}
      order by l.at ${direction}, l.id ${direction} limit ${limit}
    ) l
    left join users u on u.id = l.actor_id
    left join restaurants r on r.id = l.restaurant_id
    order by l.at ${direction}, l.id ${direction}`,
  );
  return newer ? rows.reverse() : rows;
}

function itemOf(row: ActivityRow): ActivityItem {
  return {
    id: row.id,
    at: `${row.at_utc.slice(0, 23)}Z`,
    segment: row.segment,
    seq: Number(row.seq),
    kind: row.kind,
    actor: { id: row.actor_id, name: row.actor_name, label: row.actor_label },
    restaurant: row.restaurant_id ? { id: row.restaurant_id, name: row.restaurant_name } : null,
    object: { type: row.object_type, id: row.object_id, label: row.object_label },
    changes: row.changes,
    details: row.details,
    address: row.address,
    userAgent: row.user_agent,
    cursor: `${row.at_utc}_${row.id}`,
  };
}

export interface PageRequest {
  before?: string;
  after?: string;
  pageSize: number;
}

/** A page of the log as the viewer may see it, with the cursors of the pages on either side. */
export async function readActivityPage(
  db: Queryable,
  viewer: Viewer,
  filters: ActivityFilters,
  { before, after, pageSize }: PageRequest,
): Promise<ActivityPage> {
  const rows = await readRows(db, activityWhere(viewer, filters), { before, after, limit: pageSize + 1 });
  const more = rows.length > pageSize;
  // Reading newer entries, the extra row is the newest (first); reading older ones, the oldest (last).
  const shown = more ? (after ? rows.slice(1) : rows.slice(0, pageSize)) : rows;
  const items = shown.map(itemOf);
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items,
    older: last && (after || more) ? last.cursor : null,
    newer: first && (before || (after && more)) ? first.cursor : null,
  };
}

/** Every entry the filters match, newest first, in batches by cursor (the CSV export). */
export async function* everyActivity(
  db: Queryable,
  viewer: Viewer,
  filters: ActivityFilters,
  batch = 1000,
): AsyncGenerator<ActivityItem> {
  const where = activityWhere(viewer, filters);
  let before: string | undefined;
  for (;;) {
    const rows = await readRows(db, where, { before, limit: batch });
    for (const row of rows) yield itemOf(row);
    if (rows.length < batch) return;
    before = itemOf(rows[rows.length - 1] as ActivityRow).cursor;
  }
}

/**
 * People for the person filter, by name: hq anyone, a manager the people of their
 * restaurants. At most 20, so the choice stays a short list to type into.
 */
export async function findActivityPeople(
  db: Queryable,
  viewer: Viewer,
  { search, restaurantId }: { search?: string; restaurantId?: string },
): Promise<{ id: string; name: string }[]> {
  const restaurantIds = restaurantId ? [restaurantId] : viewer.role === 'hq' ? null : viewer.restaurantIds;
  const reach =
    restaurantIds === null
      ? sql`true`
      : restaurantIds.length === 0
        ? sql`false`
        : sql`exists (select 1 from staff_restaurant_assignments sra where sra.user_id = u.id
            and sra.restaurant_id in (${sql.join(
              restaurantIds.map((id) => sql`${id}`),
              sql`, `,
            )}))`;
  const pattern = search ? likePattern(search) : null;
  return rowsOf<{ id: string; name: string }>(
    db,
    sql`select u.id, u.name from users u where ${reach}
      ${pattern ? sql`and (u.name ilike ${pattern} or u.email ilike ${pattern})` : sql``}
      order by u.name, u.id limit 20`,
  );
}
