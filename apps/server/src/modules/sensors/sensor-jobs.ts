import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dropExpiredMonthPartitions, ensureMonthPartitions, retentionCutoff } from '../../db/month-partitions';
import type { JobQueue } from '../../jobs/job-queue';
import type { Notifier } from '../../notify/notifier';
import { evaluateDevice } from './evaluation';
import { raiseOfflineDevices } from './offline';

/** A device's new readings are evaluated: sent by the intake, at most one waiting per device. */
export const SENSOR_EVALUATE_JOB = 'sensor-evaluate';
/** The moment a device's delay (or recovery) elapses without a newer reading: evaluate then. */
export const SENSOR_DUE_JOB = 'sensor-due';
/** Every minute: offline devices, and any evaluation a lost send left undone. */
export const SENSOR_MINUTE_JOB = 'sensor-minute';
/** Daily: the readings' coming partitions, and retention. */
export const SENSOR_MAINTENANCE_JOB = 'sensor-maintenance';

export const DEFAULT_SENSOR_READINGS_RETENTION_DAYS = 730;

/** Partitions ahead, then whole months past retention, and the hourly rows as old. */
export async function maintainSensorReadings(db: Database, retentionDays: number, now = new Date()) {
  const created = await ensureMonthPartitions(db, 'sensor_readings', 'at', now);
  const dropped = await dropExpiredMonthPartitions(db, 'sensor_readings', retentionDays, now);
  await db.execute(
    sql`delete from sensor_hourly where hour < ${retentionCutoff(retentionDays, now).toISOString()}::timestamptz`,
  );
  return { created, dropped };
}

/**
 * Devices an evaluation may change: waiting out a delay or a recovery, with a live
 * excursion, or whose newest reading, out of range, was not evaluated (a lost send).
 * Devices in range and idle are not evaluated at all (see `storeReadings`).
 */
export async function devicesToEvaluate(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select d.id from sensor_devices d
    where d.retired_at is null and (d.out_since is not null or d.in_since is not null
      or exists (select 1 from sensor_excursions e where e.device_id = d.id and e.ended_at is null)
      or (d.last_reading_at > coalesce(d.evaluated_through, '-infinity'::timestamptz)
        and (d.last_value > d.high_c or d.last_value < d.low_c)))`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

export function registerSensorJobs(
  jobs: JobQueue,
  db: Database,
  notifier: Notifier,
  retentionDays = DEFAULT_SENSOR_READINGS_RETENTION_DAYS,
): void {
  const evaluate = async ({ deviceId }: { deviceId?: string }) => {
    if (!deviceId) return;
    const outcome = await evaluateDevice(db, notifier, deviceId);
    if (outcome.dueAt && outcome.dueAt.getTime() > Date.now()) {
      await jobs.send(SENSOR_DUE_JOB, { deviceId }, { singletonKey: deviceId, startAfter: outcome.dueAt });
    }
  };
  // Thousands of devices each send a batch a minute: workers take 50 evaluations a fetch
  // and poll every second, so an excursion is raised within seconds of its reading.
  const many = { oneWaitingPerKey: true, batchSize: 50, pollingIntervalSeconds: 1 };
  jobs.register<{ deviceId?: string }>(SENSOR_EVALUATE_JOB, evaluate, many);
  jobs.register<{ deviceId?: string }>(SENSOR_DUE_JOB, evaluate, many);
  jobs.register(
    SENSOR_MINUTE_JOB,
    async () => {
      await raiseOfflineDevices(db, notifier);
      for (const deviceId of await devicesToEvaluate(db)) await evaluateDevice(db, notifier, deviceId);
    },
    { cron: '* * * * *' },
  );
  jobs.register(SENSOR_MAINTENANCE_JOB, async () => void (await maintainSensorReadings(db, retentionDays)), {
    cron: '41 2 * * *',
    runOnStart: true,
  });
}
