import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { entryHash } from '../src/activity/canonical';
import { verifyActivityLog } from '../src/activity/chain';
import { recordActivity } from '../src/activity/record';
import { activityLog } from '../src/db/schema/activity-log';
import { users } from '../src/db/schema/users';
import { startTestApp } from './harness';

/**
 * The activity log's own guarantees (issue 36, decision 043): entries commit with the
 * change they record or not at all, the hash chain verifies, the app cannot rewrite an
 * entry, and an entry changed or removed behind its back is named by verification.
 */
const t = await startTestApp();
// Each tampering case on a log of its own: verification names the first broken entry only.
const logs = [await startTestApp(), await startTestApp(), await startTestApp(), await startTestApp()];
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function entriesOf(objectId: string) {
  return rows<{ id: string; seq: number; segment: string; kind: string }>(
    await t.db.execute(
      sql`select id, seq::int as seq, segment, kind from activity_log where object_id = ${objectId} order by seq`,
    ),
  );
}

describe('recording', () => {
  test('an entry is written with its fields, chained to the one before', async () => {
    await recordActivity(t.db, {
      kind: 'setting.changed',
      objectType: 'setting',
      objectId: 'entry-fields',
      objectLabel: 'Retention',
      changes: { days: { from: 400, to: 365 } },
      details: { at: new Date('2026-01-02T03:04:05.678Z'), nested: { b: 1, a: [1, 'x'] } },
      address: '203.0.113.9',
      userAgent: 'Test\u0000Agent',
    });
    const [entry] = rows<Record<string, unknown>>(
      await t.db.execute(sql`select * from activity_log where object_id = 'entry-fields'`),
    );
    expect(entry).toMatchObject({
      kind: 'setting.changed',
      object_type: 'setting',
      object_label: 'Retention',
      changes: { days: { from: 400, to: 365 } },
      details: { at: '2026-01-02T03:04:05.678Z', nested: { b: 1, a: [1, 'x'] } },
      address: '203.0.113.9',
      user_agent: 'Test\uFFFDAgent',
    });
    expect(entry?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyActivityLog(t.db)).toMatchObject({ ok: true });
  });

  test('an entry written in a transaction that fails is not kept, nor is the change', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(users).values({ id: 'rolled-back', name: 'Gone', email: 'gone@example.com', role: 'staff' });
        await recordActivity(tx, { kind: 'user.created', objectType: 'user', objectId: 'rolled-back' });
        throw new Error('the change fails after its entry');
      }),
    ).rejects.toThrow('the change fails');
    expect(await entriesOf('rolled-back')).toEqual([]);
    // The chain head rolled back with it: the next entry continues the chain.
    await recordActivity(t.db, { kind: 'setting.changed', objectId: 'after-rollback' });
    expect(await verifyActivityLog(t.db)).toMatchObject({ ok: true });
  });

  test('entries of one segment are numbered 1, 2, … without gaps, also when written at once', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => recordActivity(t.db, { kind: 'setting.changed', objectId: `burst-${i}` })),
    );
    const seqs = rows<{ seq: number }>(
      await t.db.execute(sql`select seq::int as seq from activity_log order by segment, seq`),
    ).map((row) => row.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const verification = await verifyActivityLog(t.db);
    expect(verification).toEqual({ ok: true, checked: seqs.length });
  });
});

describe('append-only', () => {
  test('the app cannot update, delete or truncate an entry', async () => {
    await recordActivity(t.db, { kind: 'setting.changed', objectId: 'kept' });
    await expect(t.db.execute(sql`update activity_log set kind = 'x' where object_id = 'kept'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from activity_log where object_id = 'kept'`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate activity_log`)).rejects.toThrow();
    const partition = rows<{ name: string }>(
      await t.db.execute(sql`select tableoid::regclass::text as name from activity_log where object_id = 'kept'`),
    )[0]?.name;
    await expect(t.db.execute(sql.raw(`truncate ${partition}`))).rejects.toThrow();
    expect(await entriesOf('kept')).toHaveLength(1);
  });
});

describe('tampering', () => {
  async function fiveEntries(log: (typeof logs)[number]) {
    for (let i = 1; i <= 5; i += 1) {
      await recordActivity(log.db, {
        kind: 'user.updated',
        objectType: 'user',
        objectId: `person-${i}`,
        changes: { role: { from: 'staff', to: 'manager' } },
      });
    }
    const entries = rows<{ id: string; seq: number; segment: string; hash: string }>(
      await log.db.execute(sql`select id, seq::int as seq, segment, hash from activity_log order by seq`),
    );
    expect(await verifyActivityLog(log.db)).toEqual({ ok: true, checked: 5 });
    return entries;
  }

  async function tamperIn(log: (typeof logs)[number], statement: ReturnType<typeof sql>) {
    await log.db.transaction(async (tx) => {
      await tx.execute(sql`alter table activity_log disable trigger activity_log_append_only`);
      await tx.execute(statement);
      await tx.execute(sql`alter table activity_log enable trigger activity_log_append_only`);
    });
  }

  test('an entry changed in SQL (trigger disabled, as a superuser) is named', async () => {
    const log = logs[0] as (typeof logs)[number];
    const entries = await fiveEntries(log);
    const third = entries[2];
    await tamperIn(
      log,
      sql`update activity_log set changes = '{"role":{"from":"staff","to":"hq"}}' where id = ${third?.id}`,
    );
    expect(await verifyActivityLog(log.db)).toEqual({
      ok: false,
      checked: 2,
      firstBroken: { segment: third?.segment, seq: 3, id: third?.id, reason: 'changed' },
    });
  });

  test('an entry deleted in SQL is named by its seq', async () => {
    const log = logs[1] as (typeof logs)[number];
    const entries = await fiveEntries(log);
    await tamperIn(log, sql`delete from activity_log where id = ${entries[1]?.id}`);
    expect(await verifyActivityLog(log.db)).toEqual({
      ok: false,
      checked: 1,
      firstBroken: { segment: entries[1]?.segment, seq: 2, id: null, reason: 'removed' },
    });
  });

  test('the last entries deleted are found by the head being ahead', async () => {
    const log = logs[2] as (typeof logs)[number];
    const entries = await fiveEntries(log);
    await tamperIn(log, sql`delete from activity_log where seq >= 4`);
    expect(await verifyActivityLog(log.db)).toEqual({
      ok: false,
      checked: 3,
      firstBroken: { segment: entries[3]?.segment, seq: 4, id: null, reason: 'removed' },
    });
  });

  test('an entry rewritten with a hash recomputed to match is named by the link of the next one', async () => {
    const log = logs[3] as (typeof logs)[number];
    const entries = await fiveEntries(log);
    const second = entries[1];
    const [row] = await log.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.id, second?.id ?? ''));
    if (!row) throw new Error('entry not found');
    const forged = { ...row, objectId: 'someone-else' };
    const hash = entryHash(row.prevHash, forged);
    await tamperIn(log, sql`update activity_log set object_id = 'someone-else', hash = ${hash} where id = ${row.id}`);
    expect(await verifyActivityLog(log.db)).toEqual({
      ok: false,
      checked: 2,
      firstBroken: { segment: second?.segment, seq: 2, id: second?.id, reason: 'changed' },
    });
  });
});
