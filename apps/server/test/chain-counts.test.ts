import { eq, inArray, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { announcements } from '../src/db/schema/announcements';
import { audits } from '../src/db/schema/audits';
import { restaurants } from '../src/db/schema/restaurants';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainings } from '../src/db/schema/trainings';
import { users } from '../src/db/schema/users';
import { startTestApp } from './harness';

/**
 * chain_counts and open_assignments_by_due_day are kept by triggers (migration 0010,
 * docs/decisions/016): after any mix of writes each must equal a recount of its table,
 * and the hq dashboard's cards must equal counts made the slow way.
 */
const t = await startTestApp();
const hq = await t.signedIn('hq');
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function expectCountsToMatchRecount() {
  const kept = rows<{ name: string; value: number }>(
    await t.db.execute(sql`select name, value::int as value from chain_counts order by name`),
  );
  const [recount] = rows<Record<string, number>>(
    await t.db.execute(sql`select
      (select count(*)::int from restaurants where is_active) as active_restaurants,
      (select count(*)::int from users where is_active and role in ('staff', 'manager')) as active_people,
      (select count(distinct staff_id)::int from staff_training_assignments) as people_with_assignments,
      (select count(*)::int from staff_training_assignments where completed_at is null) as open_assignments,
      (select count(*)::int from audits where status = 'draft') as draft_audits,
      (select count(*)::int from audits) as audits,
      (select count(*)::int from announcements) as announcements,
      (select count(*)::int from announcements where requires_ack) as announcements_requiring_ack`),
  );
  expect(Object.fromEntries(kept.map((row) => [row.name, row.value]))).toEqual(recount);

  const days = rows<{ due_day: string; kept: number | null; counted: number | null }>(
    await t.db.execute(sql`
      select coalesce(k.due_day, c.due_day)::text as due_day, k.open as kept, c.open as counted
      from open_assignments_by_due_day k
      full join (select (due_at at time zone 'UTC')::date as due_day, count(*)::int as open
                 from staff_training_assignments where completed_at is null and due_at is not null group by 1) c
        on c.due_day = k.due_day
      where k.open is distinct from c.open`),
  );
  expect(days).toEqual([]);

  const [slow] = rows<{ overdue: number }>(
    await t.db.execute(
      sql`select count(*)::int as overdue from staff_training_assignments where completed_at is null and due_at < now()`,
    ),
  );
  const dashboard = (await t.request(hq.cookie, { method: 'GET', url: '/api/dashboards/hq' })).json();
  expect(dashboard).toMatchObject({
    totalRestaurants: recount?.active_restaurants,
    totalStaff: recount?.active_people,
    pendingAudits: recount?.draft_audits,
    overdueTrainings: slow?.overdue,
    incompleteTrainings: recount?.open_assignments,
    recentAudits: { total: recount?.audits },
  });
}

const hour = 3600_000;
const day = 24 * hour;
const now = Date.now();
// Due a week ago, yesterday, earlier today, later today (if the UTC day has room), tomorrow, never.
const startOfToday = new Date(now).setUTCHours(0, 0, 0, 0);
const dueDates = [
  new Date(now - 7 * day),
  new Date(now - day),
  new Date(Math.max(startOfToday, now - hour)),
  new Date(Math.min(startOfToday + day - 1, now + hour)),
  new Date(now + day),
  null,
];

const restaurant = await t.buildRestaurant();
const other = await t.buildRestaurant({ isActive: false });
const people = await Promise.all(
  ['staff', 'staff', 'manager', 'staff'].map((role) =>
    t.buildUser(role as 'staff' | 'manager', { restaurantIds: [restaurant.id] }),
  ),
);
const created = await t.db
  .insert(trainings)
  .values(['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((title) => ({ title })))
  .returning({ id: trainings.id });
const trainingIds = created.map((training) => training.id);
const [first, second, third, fourth] = people.map((person) => person.id) as [string, string, string, string];

test('starting counts and a bulk assignment with due dates in the past, today and the future', async () => {
  await expectCountsToMatchRecount();
  // One statement over several people, trainings and due days: the bulk assignment's shape.
  await t.db
    .insert(staffTrainingAssignments)
    .values(
      [first, second, third].flatMap((staffId) =>
        trainingIds.map((trainingId, index) => ({ staffId, trainingId, dueAt: dueDates[index] ?? null })),
      ),
    );
  await expectCountsToMatchRecount();
});

test('completions, un-completions, moved due dates and deletes', async () => {
  await t.db
    .update(staffTrainingAssignments)
    .set({ completedAt: new Date() })
    .where(inArray(staffTrainingAssignments.trainingId, trainingIds.slice(0, 2)));
  await expectCountsToMatchRecount();

  await t.db
    .update(staffTrainingAssignments)
    .set({ completedAt: null })
    .where(eq(staffTrainingAssignments.staffId, first));
  await expectCountsToMatchRecount();

  // Every open assignment of one person due tomorrow: days empty out and fill up.
  await t.db
    .update(staffTrainingAssignments)
    .set({ dueAt: dueDates[4] ?? null })
    .where(eq(staffTrainingAssignments.staffId, second));
  await expectCountsToMatchRecount();

  await t.db.delete(staffTrainingAssignments).where(eq(staffTrainingAssignments.trainingId, trainingIds[3] ?? ''));
  await expectCountsToMatchRecount();

  // A statement that changes nothing counted.
  await t.db
    .update(staffTrainingAssignments)
    .set({ assignedAt: new Date() })
    .where(eq(staffTrainingAssignments.staffId, third));
  await expectCountsToMatchRecount();
});

test('people and restaurants: new, deactivated, role changed, deleted', async () => {
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, fourth));
  await expectCountsToMatchRecount();
  await t.db.update(users).set({ role: 'hq' }).where(eq(users.id, third));
  await expectCountsToMatchRecount();
  await t.db
    .update(users)
    .set({ role: 'staff', isActive: true })
    .where(inArray(users.id, [third, fourth]));
  await expectCountsToMatchRecount();
  // Deleting a person cascades through their assignments and their training totals.
  await t.db.delete(users).where(eq(users.id, second));
  await expectCountsToMatchRecount();

  await t.db.update(restaurants).set({ isActive: true }).where(eq(restaurants.id, other.id));
  await expectCountsToMatchRecount();
  await t.db.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, restaurant.id));
  await expectCountsToMatchRecount();
  const spare = await t.buildRestaurant();
  await t.db.delete(restaurants).where(eq(restaurants.id, spare.id));
  await expectCountsToMatchRecount();
});

test('audits: drafts, submitted, reopened, deleted', async () => {
  const made = await t.db
    .insert(audits)
    .values([
      { restaurantId: restaurant.id, status: 'draft' },
      { restaurantId: restaurant.id, status: 'draft' },
      { restaurantId: other.id, status: 'completed', finalScore: 80 },
    ])
    .returning({ id: audits.id });
  await expectCountsToMatchRecount();
  const [draft, another] = made.map((audit) => audit.id) as [string, string];
  await t.db.update(audits).set({ status: 'completed', finalScore: 90 }).where(eq(audits.id, draft));
  await expectCountsToMatchRecount();
  await t.db.update(audits).set({ status: 'draft', finalScore: null }).where(eq(audits.id, draft));
  await expectCountsToMatchRecount();
  await t.db.delete(audits).where(inArray(audits.id, [draft, another]));
  await expectCountsToMatchRecount();
});

test('announcements: posted in bulk, asking for an acknowledgement or not, changed, deleted; the list totals', async () => {
  const listTotal = async (query = '') =>
    (await t.request(hq.cookie, { method: 'GET', url: `/api/announcements?pageSize=5${query}` })).json().total;
  const made = await t.db
    .insert(announcements)
    .values(['One', 'Two', 'Three', 'Four'].map((title, index) => ({ title, description: '', requiresAck: index < 3 })))
    .returning({ id: announcements.id });
  await expectCountsToMatchRecount();
  expect([await listTotal(), await listTotal('&requiresAck=true'), await listTotal('&requiresAck=false')]).toEqual([
    4, 3, 1,
  ]);
  const [one, two, three] = made.map((announcement) => announcement.id) as [string, string, string];
  await t.db
    .update(announcements)
    .set({ requiresAck: false })
    .where(inArray(announcements.id, [one, two]));
  await t.db.update(announcements).set({ title: 'Three, renamed' }).where(eq(announcements.id, three));
  await expectCountsToMatchRecount();
  expect([await listTotal('&requiresAck=true'), await listTotal('&requiresAck=false')]).toEqual([1, 3]);
  await t.db.delete(announcements).where(inArray(announcements.id, [one, three]));
  await expectCountsToMatchRecount();
  // A search still counts what it finds.
  expect([await listTotal(), await listTotal('&search=Four')]).toEqual([2, 1]);
});

test('concurrent statements over the same people and days (separate connections on PostgreSQL) keep the counts', async () => {
  const crowd = await Promise.all([1, 2, 3, 4].map(() => t.buildUser('staff', { restaurantIds: [restaurant.id] })));
  const [one, two] = trainingIds as [string, string];
  const assigning = crowd.map((person, index) =>
    t.db.transaction(async (tx) => {
      await tx
        .insert(staffTrainingAssignments)
        .values(
          [one, two].map((trainingId, k) => ({ staffId: person.id, trainingId, dueAt: dueDates[index + k] ?? null })),
        );
      await tx
        .update(staffTrainingAssignments)
        .set({ completedAt: new Date() })
        .where(eq(staffTrainingAssignments.staffId, person.id));
    }),
  );
  await Promise.all([
    ...assigning,
    t.db
      .update(staffTrainingAssignments)
      .set({ completedAt: null })
      .where(eq(staffTrainingAssignments.trainingId, one)),
  ]);
  await expectCountsToMatchRecount();
});

test('deleting a training cascades through the counts', async () => {
  await t.db.delete(trainings).where(eq(trainings.id, trainingIds[2] ?? ''));
  await expectCountsToMatchRecount();
  await t.db.delete(staffTrainingAssignments);
  await expectCountsToMatchRecount();
});
