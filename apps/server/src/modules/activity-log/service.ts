import type { ActivityVerification } from '@brigade/core/activity';
import type { ActivityFilters, ActivityPage } from '@brigade/core/schemas/activity-log';
import type { FastifyRequest } from 'fastify';
import { verifyActivityLog } from '../../activity/chain';
import { activityContextOf, recordActivity } from '../../activity/record';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable } from '../../db/database';
import { everyActivity, findActivityPeople, type PageRequest, readActivityPage } from './queries';

/**
 * The activity log's reading side (issue 36, decision 044): the screen's pages, its CSV,
 * the person filter, the chain check; and the record every list export leaves. Writing
 * entries is apps/server/src/activity (decision 043).
 */

export function listActivity(
  db: Queryable,
  viewer: SessionUser,
  query: ActivityFilters & PageRequest,
): Promise<ActivityPage> {
  const { before, after, pageSize, ...filters } = query;
  return readActivityPage(db, viewer, filters, { before, after, pageSize });
}

/**
 * Every entry the filters match, for the CSV. The first batch is read before this
 * resolves, so a query the database refuses is an error reply, not a download cut short.
 */
export async function exportActivity(db: Queryable, viewer: SessionUser, filters: ActivityFilters) {
  const entries = everyActivity(db, viewer, filters);
  const first = await entries.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* entries;
  })();
}

export function listActivityPeople(
  db: Queryable,
  viewer: SessionUser,
  query: { search?: string; restaurantId?: string },
) {
  return findActivityPeople(db, viewer, query);
}

/** Recomputes every segment's chain; the answer names the first entry that no longer fits. */
export async function verifyLog(db: Database): Promise<ActivityVerification> {
  const result = await verifyActivityLog(db);
  return result.firstBroken
    ? { ok: result.ok, checked: result.checked, firstBroken: result.firstBroken }
    : {
        ok: result.ok,
        checked: result.checked,
      };
}

/**
 * The entry a finished CSV download leaves: which list, how many rows, the restaurant
 * it was filtered to (if any), by whom and from where. Written once the last row is
 * sent, so the count is what left the server; a failure to record is logged, and the
 * download (already sent) is not undone.
 */
export function recordExport(
  db: Database,
  request: FastifyRequest,
  list: string,
  { restaurantId = null, filters }: { restaurantId?: string | null; filters?: Record<string, unknown> } = {},
): (rows: number) => Promise<void> {
  const context = activityContextOf(request);
  return async (rows) => {
    try {
      await recordActivity(db, {
        kind: 'export',
        ...context,
        restaurantId,
        objectType: 'export',
        objectLabel: list,
        details: { list, rows, ...(filters ? { filters: definedOnly(filters) } : {}) },
      });
    } catch (error) {
      request.log.error({ err: error, list, rows }, 'Recording an export in the activity log failed');
    }
  };
}

function definedOnly(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''));
}
