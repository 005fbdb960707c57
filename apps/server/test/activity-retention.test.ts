import { sql } from 'drizzle-orm';
import { afterEach, expect, test, vi } from 'vitest';
import { verifyActivityLog } from '../src/activity/chain';
import {
  dropExpiredActivityMonths,
  ensureActivityPartitions,
  RETENTION_SETTING,
  recordRetentionSetting,
} from '../src/activity/maintenance';
import { recordActivity } from '../src/activity/record';
import { startTestApp } from './harness';

/**
 * Retention (issue 36, decision 043): the log is partitioned by UTC month; the daily job
 * creates the coming months' partitions and drops whole months older than
 * ACTIVITY_LOG_RETENTION_DAYS, with their chain heads, and the chain still verifies.
 */
const t = await startTestApp();
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

afterEach(() => {
  vi.useRealTimers();
});

async function partitions() {
  return rows<{ name: string }>(
    await t.db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'activity_log'::regclass order by c.relname`),
  ).map((row) => row.name);
}

async function recordAt(isoTime: string, objectId: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(isoTime));
  try {
    await recordActivity(t.db, { kind: 'setting.changed', objectType: 'setting', objectId });
  } finally {
    vi.useRealTimers();
  }
}

test('the job creates the partitions of this month and the next, once', async () => {
  const now = new Date('2024-01-20T12:00:00Z');
  expect(await ensureActivityPartitions(t.db, now)).toEqual(['2024-01', '2024-02']);
  expect(await ensureActivityPartitions(t.db, now)).toEqual([]);
  expect(await partitions()).toEqual(expect.arrayContaining(['activity_log_2024_01', 'activity_log_2024_02']));
});

test('an entry lands in its month, and an entry of a month without a partition in the default one', async () => {
  await recordAt('2024-01-31T23:59:59.999Z', 'end-of-january');
  await recordAt('2024-02-01T00:00:00.000Z', 'start-of-february');
  await recordAt('2023-06-15T08:00:00.000Z', 'without-partition');
  const placed = rows<{ object_id: string; segment: string; place: string }>(
    await t.db.execute(sql`select object_id, segment, tableoid::regclass::text as place from activity_log
      where object_id in ('end-of-january', 'start-of-february', 'without-partition') order by at`),
  );
  expect(placed).toEqual([
    { object_id: 'without-partition', segment: '2023-06', place: 'activity_log_default' },
    { object_id: 'end-of-january', segment: '2024-01', place: 'activity_log_2024_01' },
    { object_id: 'start-of-february', segment: '2024-02', place: 'activity_log_2024_02' },
  ]);
  expect(await verifyActivityLog(t.db)).toMatchObject({ ok: true });
});

test('retention drops whole months past it, with their chain heads, and the chain still verifies', async () => {
  await recordActivity(t.db, { kind: 'setting.changed', objectType: 'setting', objectId: 'today' });
  // 2024-03-01 + 400 days: January's and February's months ended more than 400 days before.
  const now = new Date('2025-04-10T00:00:00Z');
  expect(await dropExpiredActivityMonths(t.db, 400, now)).toEqual(['2024-01', '2024-02']);
  expect(await partitions()).not.toContain('activity_log_2024_01');
  const left = rows<{ object_id: string }>(
    await t.db.execute(sql`select object_id from activity_log where object_id in
      ('end-of-january', 'start-of-february', 'today') order by object_id`),
  ).map((row) => row.object_id);
  expect(left).toEqual(['today']);
  const heads = rows<{ segment: string }>(await t.db.execute(sql`select segment from activity_chain_heads`));
  expect(heads.map((head) => head.segment)).not.toContain('2024-01');
  expect(await verifyActivityLog(t.db)).toMatchObject({ ok: true });
  // A month is dropped only once it is wholly past retention.
  expect(await dropExpiredActivityMonths(t.db, 400, now)).toEqual([]);
});

test('the retention setting is recorded when a server first runs with a new value', async () => {
  const entries = async () =>
    rows<{ changes: unknown }>(
      await t.db.execute(sql`select changes from activity_log where object_id = ${RETENTION_SETTING} order by at, seq`),
    ).map((row) => row.changes);
  await recordRetentionSetting(t.db, 400);
  await recordRetentionSetting(t.db, 400);
  await recordRetentionSetting(t.db, 365);
  expect(await entries()).toEqual([{ days: { from: null, to: 400 } }, { days: { from: 400, to: 365 } }]);
});
