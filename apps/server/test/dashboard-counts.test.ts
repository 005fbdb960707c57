import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { audits } from '../src/db/schema/audits';
import { restaurants, staffRestaurantAssignments } from '../src/db/schema/restaurants';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainingCategories, trainings } from '../src/db/schema/trainings';
import { users } from '../src/db/schema/users';
import { startTestApp } from './harness';

/**
 * The hq charts' counters (migration 0036, docs/decisions/050) are kept by triggers:
 * after any mix of writes, through the API or straight to the tables, each must equal a
 * recount, and the charts must show what the counters say.
 */
const t = await startTestApp();
const hq = await t.signedIn('hq');
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Rows where the kept figures and a recount differ: none when the triggers are right. */
async function trainingDifferences() {
  return rows(
    await t.db.execute(sql`
      select coalesce(k.restaurant_id, c.restaurant_id) as restaurant_id, k.total as kept_total, c.total as counted_total,
             k.completed as kept_completed, c.completed as counted_completed
      from (select * from restaurant_training_totals where total <> 0 or completed <> 0) k
      full join (select sra.restaurant_id, sum(t.total)::int as total, sum(t.completed)::int as completed
                 from staff_restaurant_assignments sra
                 join users u on u.id = sra.user_id and u.is_active and u.role in ('staff', 'manager')
                 join staff_training_totals t on t.staff_id = sra.user_id
                 group by sra.restaurant_id having sum(t.total) <> 0 or sum(t.completed) <> 0) c
        on c.restaurant_id = k.restaurant_id
      where k.total is distinct from c.total or k.completed is distinct from c.completed`),
  );
}

async function auditWeekDifferences() {
  const week = sql`date_trunc('week', audited_at at time zone 'UTC')::date`;
  return rows(
    await t.db.execute(sql`
      select 'restaurant' as counter, coalesce(k.restaurant_id, c.restaurant_id) as restaurant_id,
             coalesce(k.week_start, c.week_start)::text as week, k.audits as kept, c.audits as counted,
             k.score_sum::int as kept_sum, c.score_sum as counted_sum
      from restaurant_audit_weeks k
      full join (select restaurant_id, ${week} as week_start, count(*)::int as audits, sum(final_score)::int as score_sum
                 from audits where status = 'completed' group by 1, 2) c
        on c.restaurant_id = k.restaurant_id and c.week_start = k.week_start
      where k.audits is distinct from c.audits or k.score_sum is distinct from c.score_sum
      union all
      select 'chain', null, coalesce(k.week_start, c.week_start)::text, k.audits, c.audits, k.score_sum::int, c.score_sum
      from chain_audit_weeks k
      full join (select ${week} as week_start, count(*)::int as audits, sum(final_score)::int as score_sum
                 from audits where status = 'completed' group by 1) c on c.week_start = k.week_start
      where k.audits is distinct from c.audits or k.score_sum is distinct from c.score_sum`),
  );
}

async function expectCountersToMatchRecount() {
  expect(await trainingDifferences()).toEqual([]);
  expect(await auditWeekDifferences()).toEqual([]);
}

async function completionChart() {
  const response = await t.request(hq.cookie, { method: 'GET', url: '/api/dashboards/hq/training-completion' });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    restaurants: { restaurant: { id: string }; completed: number; total: number; percent: number }[];
    withoutAssignments: number;
  };
}

const completionOf = async (restaurantId: string) =>
  (await completionChart()).restaurants.find((entry) => entry.restaurant.id === restaurantId);

const call = (cookie: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request(cookie, { method, url, payload });

const north = await t.buildRestaurant({ name: 'North' });
const south = await t.buildRestaurant({ name: 'South' });
const [ann, bob, cat] = await Promise.all([
  t.signedIn('staff', { restaurantIds: [north.id] }),
  t.signedIn('staff', { restaurantIds: [north.id, south.id] }),
  t.signedIn('manager', { restaurantIds: [south.id] }),
]);
if (!ann || !bob || !cat) throw new Error('people missing');

const [category] = await t.db.insert(trainingCategories).values({ name: 'Kitchen' }).returning();

async function trainingWithVideo(title: string) {
  const response = await call(hq.cookie, 'POST', '/api/trainings', {
    title,
    description: 'Step by step.',
    categoryIds: [category?.id],
    videos: [{ url: `https://videos.example.com/${encodeURIComponent(title)}.mp4` }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; videos: { id: string }[] };
}

test('assigning and finishing a training through the API moves hq’s chart at once', async () => {
  const fryer = await trainingWithVideo('Fryer');
  const knives = await trainingWithVideo('Knives');
  const assigned = await call(hq.cookie, 'POST', '/api/training-assignments', {
    trainingIds: [fryer.id, knives.id],
    staffIds: [ann.id, bob.id, cat.id],
  });
  expect(assigned.statusCode).toBe(200);
  await expectCountersToMatchRecount();
  expect(await completionOf(north.id)).toMatchObject({ completed: 0, total: 4, percent: 0 });
  expect(await completionOf(south.id)).toMatchObject({ completed: 0, total: 4, percent: 0 });

  // Bob works at both restaurants: his finished training counts at both.
  const video = fryer.videos[0]?.id;
  const watched = await call(bob.cookie, 'POST', `/api/trainings/${fryer.id}/videos/${video}/watched`);
  expect(watched.json()).toMatchObject({ trainingCompleted: true });
  await expectCountersToMatchRecount();
  expect(await completionOf(north.id)).toMatchObject({ completed: 1, total: 4, percent: 25 });
  expect(await completionOf(south.id)).toMatchObject({ completed: 1, total: 4, percent: 25 });
});

test('deactivating, reactivating and deleting a person through the API', async () => {
  expect((await call(hq.cookie, 'PATCH', `/api/users/${bob.id}/active`, { isActive: false })).statusCode).toBe(200);
  await expectCountersToMatchRecount();
  expect(await completionOf(north.id)).toMatchObject({ completed: 0, total: 2 });
  expect((await call(hq.cookie, 'PATCH', `/api/users/${bob.id}/active`, { isActive: true })).statusCode).toBe(200);
  await expectCountersToMatchRecount();
  expect(await completionOf(north.id)).toMatchObject({ completed: 1, total: 4 });

  const dan = await t.buildUser('staff', { restaurantIds: [north.id, south.id] });
  const [training] = await t.db.insert(trainings).values({ title: 'Allergens' }).returning({ id: trainings.id });
  await t.db.insert(staffTrainingAssignments).values({ staffId: dan.id, trainingId: training?.id ?? '' });
  await expectCountersToMatchRecount();
  expect((await call(hq.cookie, 'DELETE', `/api/users/${dan.id}`)).statusCode).toBe(204);
  await expectCountersToMatchRecount();
  expect(await completionOf(north.id)).toMatchObject({ completed: 1, total: 4 });
});

test('moving people between restaurants, role changes, removed assignments and inactive restaurants', async () => {
  await t.db.delete(staffRestaurantAssignments).where(eq(staffRestaurantAssignments.userId, ann.id));
  await t.db.insert(staffRestaurantAssignments).values({ userId: ann.id, restaurantId: south.id });
  await expectCountersToMatchRecount();
  await t.db
    .update(staffRestaurantAssignments)
    .set({ restaurantId: north.id })
    .where(eq(staffRestaurantAssignments.userId, cat.id));
  await expectCountersToMatchRecount();

  await t.db.update(users).set({ role: 'hq' }).where(eq(users.id, cat.id));
  await expectCountersToMatchRecount();
  await t.db.update(users).set({ role: 'manager', name: 'Cat' }).where(eq(users.id, cat.id));
  await expectCountersToMatchRecount();
  // A statement that changes nobody's standing.
  await t.db.update(users).set({ name: 'Ann' }).where(eq(users.id, ann.id));
  await expectCountersToMatchRecount();

  await t.db
    .update(staffTrainingAssignments)
    .set({ completedAt: new Date() })
    .where(inArray(staffTrainingAssignments.staffId, [ann.id, cat.id]));
  await expectCountersToMatchRecount();
  await t.db.delete(staffTrainingAssignments).where(eq(staffTrainingAssignments.staffId, ann.id));
  await expectCountersToMatchRecount();

  // An inactive restaurant keeps its counter but leaves the chart, counted as neither.
  await t.db.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, south.id));
  const chart = await completionChart();
  expect(chart.restaurants.map((entry) => entry.restaurant.id)).not.toContain(south.id);
  await t.db.update(restaurants).set({ isActive: true }).where(eq(restaurants.id, south.id));
  await expectCountersToMatchRecount();
});

test('audits: submitted, reopened, moved to another week and restaurant, deleted; the weekly chart reads them', async () => {
  const weekAgo = new Date(Date.now() - 7 * 24 * 3600_000);
  const made = await t.db
    .insert(audits)
    .values([
      { restaurantId: north.id, status: 'completed', finalScore: 80 },
      { restaurantId: north.id, status: 'completed', finalScore: 91 },
      { restaurantId: south.id, status: 'completed', finalScore: 60, auditedAt: weekAgo },
      { restaurantId: south.id, status: 'draft' },
    ])
    .returning({ id: audits.id });
  await expectCountersToMatchRecount();
  const [first, second, third, draft] = made.map((audit) => audit.id) as [string, string, string, string];
  const trend = (
    await t.request(hq.cookie, { method: 'GET', url: `/api/dashboards/hq/audit-scores?restaurantIds=${north.id}` })
  ).json();
  expect(trend.chain.at(-1)).toMatchObject({ average: 85.5, audits: 2 });
  expect(trend.restaurants[0].weeks.at(-1)).toMatchObject({ average: 85.5, audits: 2 });

  await t.db.update(audits).set({ status: 'completed', finalScore: 70 }).where(eq(audits.id, draft));
  await expectCountersToMatchRecount();
  await t.db.update(audits).set({ status: 'draft', finalScore: null }).where(eq(audits.id, second));
  await expectCountersToMatchRecount();
  await t.db.update(audits).set({ auditedAt: weekAgo, restaurantId: south.id }).where(eq(audits.id, first));
  await expectCountersToMatchRecount();
  // Through the API: hq deletes a completed audit.
  expect((await call(hq.cookie, 'DELETE', `/api/audits/${third}`)).statusCode).toBe(204);
  await expectCountersToMatchRecount();
  await t.db.delete(audits).where(inArray(audits.id, [first, second, draft]));
  await expectCountersToMatchRecount();
  expect(rows(await t.db.execute(sql`select * from chain_audit_weeks`))).toEqual([]);
});

test('concurrent writers of totals and of who works where (separate connections on PostgreSQL) keep the counters', async () => {
  const [one, two] = await t.db
    .insert(trainings)
    .values([{ title: 'Concurrent one' }, { title: 'Concurrent two' }])
    .returning({ id: trainings.id });
  const crowd = await Promise.all([1, 2, 3, 4].map(() => t.buildUser('staff', { restaurantIds: [north.id] })));
  await Promise.all([
    ...crowd.map((person) =>
      t.db.transaction(async (tx) => {
        await tx
          .insert(staffTrainingAssignments)
          .values([one, two].map((training) => ({ staffId: person.id, trainingId: training?.id ?? '' })));
        await tx
          .update(staffTrainingAssignments)
          .set({ completedAt: new Date() })
          .where(eq(staffTrainingAssignments.staffId, person.id));
      }),
    ),
    ...crowd.map((person) =>
      t.db.insert(staffRestaurantAssignments).values({ userId: person.id, restaurantId: south.id }),
    ),
    t.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, crowd[0]?.id ?? '')),
  ]);
  await expectCountersToMatchRecount();
});

test('the migration’s backfill rebuilds every counter from the rows', async () => {
  const migration = readFileSync(new URL('../src/db/migrations/0036_dashboard-counts.sql', import.meta.url), 'utf8');
  const backfill = migration
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) =>
      /^INSERT INTO (restaurant_training_totals|restaurant_audit_weeks|chain_audit_weeks)/.test(statement),
    );
  expect(backfill).toHaveLength(3);
  await t.db.insert(audits).values({ restaurantId: south.id, status: 'completed', finalScore: 77 });
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`delete from restaurant_training_totals`);
    await tx.execute(sql`delete from restaurant_audit_weeks`);
    await tx.execute(sql`delete from chain_audit_weeks`);
    for (const statement of backfill) await tx.execute(sql.raw(statement));
  });
  expect(rows(await t.db.execute(sql`select count(*)::int as n from restaurant_training_totals`))).not.toEqual([
    { n: 0 },
  ]);
  await expectCountersToMatchRecount();
});
