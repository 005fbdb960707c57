import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, getTableName, isNotNull, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Auth, createAuth } from '../auth/auth';
import { type DatabaseHandle, openDatabase } from '../db/client';
import type { Database } from '../db/database';
import * as schema from '../db/schema/index';
import { appMeta } from '../db/schema/meta';
import { insertUser } from '../modules/users/service';
import { LocalStorage } from '../storage/local-storage';
import { DEMO_PASSWORD } from './demo-chain';
import { loadDemoChainIfEmpty } from './load-demo';

// Each database is migrated from scratch in memory, which takes a few seconds.
const SLOW = 60_000;

const handles: DatabaseHandle[] = [];

async function freshDatabase(): Promise<{ db: Database; auth: Auth; storage: LocalStorage }> {
  const handle = await openDatabase({ kind: 'pglite-memory' });
  handles.push(handle);
  await handle.migrate();
  const auth = createAuth({
    db: handle.db,
    publicUrl: 'http://localhost:3000',
    secret: 'x'.repeat(32),
    signInRateLimit: 100,
    sessionDays: 7,
  });
  const storage = new LocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-demo-')));
  return { db: handle.db, auth, storage };
}

const countedTables: PgTable[] = [
  schema.users,
  schema.accounts,
  schema.restaurants,
  schema.staffRestaurantAssignments,
  schema.trainingCategories,
  schema.trainings,
  schema.uploads,
  schema.trainingVideos,
  schema.trainingVideoProgress,
  schema.trainingCategoryAssignments,
  schema.trainingQuizzes,
  schema.trainingQuizAssignments,
  schema.quizQuestions,
  schema.quizOptions,
  schema.quizAttempts,
  schema.quizResponses,
  schema.staffTrainingAssignments,
  schema.auditTemplates,
  schema.auditTemplateItems,
  schema.audits,
  schema.auditTemplateAssignments,
  schema.auditItems,
  schema.announcements,
  schema.appMeta,
];

/** The files in storage (not the folder for files still arriving). */
const storedFiles = (storage: LocalStorage) => fs.readdirSync(storage.root).filter((name) => name !== 'incoming');

/** Row count of every table, to tell whether a call changed anything at all. */
async function tableCounts(db: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(
    countedTables.map(async (table) => {
      const [row] = await db.select({ value: count() }).from(table);
      return [getTableName(table), row?.value ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const MARK_VALUES: Record<string, number> = { bad: 25, needs_improvement: 50, good: 75, excellent: 100 };

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
});

describe('loadDemoChainIfEmpty on an empty database', () => {
  let db: Database;
  let auth: Auth;
  let storage: LocalStorage;
  let first: { loaded: boolean; message: string };

  beforeAll(async () => {
    ({ db, auth, storage } = await freshDatabase());
    first = await loadDemoChainIfEmpty(db, auth, storage);
  }, SLOW);

  test('loads and says how to sign in', () => {
    expect(first.loaded).toBe(true);
    expect(first.message).toBe(
      'Demo chain loaded. Sign in as hq@example.com, manager@example.com or staff@example.com with password demo1234.',
    );
  });

  test('records that the demo was loaded', async () => {
    const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_loaded'));
    expect(marker).toBeDefined();
    expect(Number.isNaN(Date.parse(marker?.value ?? ''))).toBe(false);
  });

  test('has audit schedules with completed, missed and current due entries (issue 19)', async () => {
    const schedules = await db.select().from(schema.auditSchedules);
    expect(schedules.map((schedule) => schedule.cadence).sort()).toEqual(['biweekly', 'monthly']);
    const entries = await db.select().from(schema.auditDue);
    const statuses = new Set(entries.map((entry) => entry.status));
    expect(statuses).toEqual(new Set(['completed', 'missed', 'due']));
    for (const entry of entries.filter((row) => row.status === 'completed')) {
      expect(entry.auditId).not.toBeNull();
      expect(entry.completedAt?.getTime()).toBeLessThan(new Date(`${entry.periodEnd}T00:00:00Z`).getTime());
    }
  });

  test('has active restaurants and exactly one inactive one', async () => {
    const rows = await db.select({ isActive: schema.restaurants.isActive }).from(schema.restaurants);
    expect(rows.filter((row) => row.isActive).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((row) => !row.isActive)).toHaveLength(1);
  });

  test('creates the three demo accounts with their roles, signing in with the demo password', async () => {
    const people = await db.select({ email: schema.users.email, role: schema.users.role }).from(schema.users);
    const roleOf = new Map(people.map((person) => [person.email, person.role]));
    expect(roleOf.get('hq@example.com')).toBe('hq');
    expect(roleOf.get('manager@example.com')).toBe('manager');
    expect(roleOf.get('staff@example.com')).toBe('staff');
    expect(people.filter((person) => person.role === 'staff').length).toBeGreaterThanOrEqual(7);

    const context = await auth.$context;
    const [account] = await db
      .select({ password: schema.accounts.password })
      .from(schema.accounts)
      .innerJoin(schema.users, eq(schema.users.id, schema.accounts.userId))
      .where(eq(schema.users.email, 'staff@example.com'));
    expect(account?.password).toBeTruthy();
    await expect(context.password.verify({ hash: account?.password ?? '', password: DEMO_PASSWORD })).resolves.toBe(
      true,
    );
  });

  test('gives the manager at least two active restaurants, one of them shared with the staff account', async () => {
    const assignedTo = async (email: string) =>
      db
        .select({ id: schema.restaurants.id, isActive: schema.restaurants.isActive })
        .from(schema.staffRestaurantAssignments)
        .innerJoin(schema.users, eq(schema.users.id, schema.staffRestaurantAssignments.userId))
        .innerJoin(schema.restaurants, eq(schema.restaurants.id, schema.staffRestaurantAssignments.restaurantId))
        .where(eq(schema.users.email, email));
    const managerRestaurants = await assignedTo('manager@example.com');
    const staffRestaurants = await assignedTo('staff@example.com');
    expect(managerRestaurants.filter((restaurant) => restaurant.isActive).length).toBeGreaterThanOrEqual(2);
    const managerIds = new Set(managerRestaurants.map((restaurant) => restaurant.id));
    expect(staffRestaurants.some((restaurant) => managerIds.has(restaurant.id))).toBe(true);
  });

  test('scores every completed audit as the rounded average of its items, with drafts left unscored', async () => {
    const auditRows = await db.select().from(schema.audits);
    const items = await db.select().from(schema.auditItems);
    const completed = auditRows.filter((audit) => audit.status === 'completed');
    const drafts = auditRows.filter((audit) => audit.status === 'draft');
    expect(completed.length).toBeGreaterThanOrEqual(4);
    expect(drafts.length).toBeGreaterThanOrEqual(2);

    for (const audit of completed) {
      const own = items.filter((item) => item.auditId === audit.id);
      expect(own.length).toBeGreaterThan(0);
      const total = own.reduce((sum, item) => sum + (item.mark ? (MARK_VALUES[item.mark] ?? 0) : 0), 0);
      expect(audit.finalScore).toBe(Math.round(total / own.length));
    }
    const scores = completed.map((audit) => audit.finalScore ?? -1);
    expect(scores.some((score) => score < 50)).toBe(true);
    expect(scores.some((score) => score >= 50 && score < 75)).toBe(true);
    expect(scores.some((score) => score >= 75)).toBe(true);

    for (const draft of drafts) {
      expect(draft.finalScore).toBeNull();
      const marks = items.filter((item) => item.auditId === draft.id).map((item) => item.mark);
      expect(marks.some((mark) => mark === null)).toBe(true);
      expect(marks.some((mark) => mark !== null)).toBe(true);
    }
  });

  test('numbers each audit’s items continuously across its templates', async () => {
    const items = await db.select().from(schema.auditItems);
    const auditIds = new Set(items.map((item) => item.auditId));
    for (const auditId of auditIds) {
      const orderNums = items
        .filter((item) => item.auditId === auditId)
        .map((item) => item.orderNum)
        .sort((a, b) => a - b);
      expect(orderNums).toEqual(orderNums.map((_, index) => index));
    }
  });

  test('has announcements and training assignments both in progress and completed', async () => {
    const [announcementCount] = await db.select({ value: count() }).from(schema.announcements);
    expect(announcementCount?.value).toBeGreaterThanOrEqual(6);

    const [open] = await db
      .select({ value: count() })
      .from(schema.staffTrainingAssignments)
      .where(isNull(schema.staffTrainingAssignments.completedAt));
    const [done] = await db
      .select({ value: count() })
      .from(schema.staffTrainingAssignments)
      .where(isNotNull(schema.staffTrainingAssignments.completedAt));
    expect(open?.value).toBeGreaterThan(0);
    expect(done?.value).toBeGreaterThan(0);
  });

  test('keeps quiz attempts consistent with their responses and the pass mark', async () => {
    const attempts = await db.select().from(schema.quizAttempts);
    const responses = await db.select().from(schema.quizResponses);
    for (const attempt of attempts) {
      const own = responses.filter((response) => response.attemptId === attempt.id);
      expect(own).toHaveLength(attempt.questionCount);
      expect(own.filter((response) => response.isCorrect)).toHaveLength(attempt.correctCount);
      expect(attempt.score).toBe(Math.round((attempt.correctCount / attempt.questionCount) * 100));
      expect(attempt.passed).toBe(attempt.score >= 80);
    }
    const [staff] = await db.select().from(schema.users).where(eq(schema.users.email, 'staff@example.com'));
    expect(attempts.some((attempt) => attempt.staffId === staff?.id && !attempt.passed)).toBe(true);
  });

  test('a second call loads nothing and changes nothing', async () => {
    const before = await tableCounts(db);
    const files = storedFiles(storage);
    const second = await loadDemoChainIfEmpty(db, auth, storage);
    expect(second).toEqual({ loaded: false, message: 'Demo chain already loaded; starting with the existing data.' });
    expect(await tableCounts(db)).toEqual(before);
    expect(storedFiles(storage)).toEqual(files);
  });
});

describe('loadDemoChainIfEmpty on a database in use', () => {
  test(
    'leaves a database that already holds a user untouched',
    async () => {
      const { db, auth, storage } = await freshDatabase();
      await insertUser(db, { name: 'Existing Owner', email: 'owner@example.com', role: 'hq', passwordHash: 'unused' });
      const before = await tableCounts(db);

      const outcome = await loadDemoChainIfEmpty(db, auth, storage);

      expect(outcome).toEqual({
        loaded: false,
        message: 'The database already holds data, so the demo chain was not loaded.',
      });
      expect(await tableCounts(db)).toEqual(before);
      expect(storedFiles(storage)).toEqual([]);
    },
    SLOW,
  );
});
