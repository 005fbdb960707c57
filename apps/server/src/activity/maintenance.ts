import { DEFAULT_ACTIVITY_LOG_RETENTION_DAYS } from '@brigade/core/activity';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { comingMonths, retentionCutoff } from '../db/month-partitions';
import { activityLog } from '../db/schema/activity-log';
import type { JobQueue } from '../jobs/job-queue';
import { recordActivity } from './record';

export const ACTIVITY_LOG_MAINTENANCE_JOB = 'activity-log-maintenance';
/** How the retention setting is named in the log's own entries. */
export const RETENTION_SETTING = 'ACTIVITY_LOG_RETENTION_DAYS';

/** Creates the partitions of this month and the next (UTC) unless they exist; the months created. */
export async function ensureActivityPartitions(db: Queryable, now = new Date()): Promise<string[]> {
  const created: string[] = [];
  for (const day of comingMonths(now)) {
    const { rows } = (await db.execute(
      sql`select activity_log_ensure_partition(${day}::date) as created`,
    )) as unknown as {
      rows: { created: boolean }[];
    };
    if (rows[0]?.created) created.push(day.slice(0, 7));
  }
  return created;
}

/**
 * Drops every month that ended more than `retentionDays` ago, whole (its partition and
 * its chain head): a month goes once its newest possible entry is past retention.
 */
export async function dropExpiredActivityMonths(
  db: Queryable,
  retentionDays: number,
  now = new Date(),
): Promise<string[]> {
  const cutoff = retentionCutoff(retentionDays, now);
  const { rows } = (await db.execute(
    sql`select activity_log_drop_months_before(${cutoff.toISOString()}::timestamptz) as segment`,
  )) as unknown as { rows: { segment: string }[] };
  return rows.map((row) => row.segment);
}

/**
 * The retention setting comes from the environment, so its changes are recorded when a
 * server first runs with a new value: compared with the last value the log recorded.
 */
export async function recordRetentionSetting(db: Database, retentionDays: number): Promise<void> {
  await db.transaction(async (tx) => {
    // One server records a change, however many start at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${RETENTION_SETTING}))`);
    const [last] = await tx
      .select({ changes: activityLog.changes })
      .from(activityLog)
      .where(and(eq(activityLog.objectType, 'setting'), eq(activityLog.objectId, RETENTION_SETTING)))
      .orderBy(desc(activityLog.at))
      .limit(1);
    const previous = last?.changes?.days?.to ?? null;
    if (previous === retentionDays) return;
    await recordActivity(tx, {
      kind: 'setting.changed',
      objectType: 'setting',
      objectId: RETENTION_SETTING,
      objectLabel: 'Activity log retention (days)',
      changes: { days: { from: previous, to: retentionDays } },
    });
  });
}

/** Partitions ahead, retention, and the setting's own entry: daily, and as the queue starts. */
export function registerActivityLogJobs(
  jobs: JobQueue,
  db: Database,
  retentionDays = DEFAULT_ACTIVITY_LOG_RETENTION_DAYS,
): void {
  jobs.register(
    ACTIVITY_LOG_MAINTENANCE_JOB,
    async () => {
      await ensureActivityPartitions(db);
      await dropExpiredActivityMonths(db, retentionDays);
      await recordRetentionSetting(db, retentionDays);
    },
    { cron: '23 2 * * *', runOnStart: true },
  );
}
