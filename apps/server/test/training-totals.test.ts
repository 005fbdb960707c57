import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainings } from '../src/db/schema/trainings';
import { users } from '../src/db/schema/users';
import { startTestApp } from './harness';

/**
 * staff_training_totals is kept by triggers (migration 0007): after any mix of writes it
 * must equal a recount of staff_training_assignments.
 */
const t = await startTestApp();
const restaurant = await t.buildRestaurant();
const people = await Promise.all([1, 2, 3].map(() => t.buildUser('staff', { restaurantIds: [restaurant.id] })));
const created = await t.db
  .insert(trainings)
  .values(['One', 'Two', 'Three', 'Four'].map((title) => ({ title })))
  .returning({ id: trainings.id });
const trainingIds = created.map((training) => training.id);

async function expectTotalsToMatchRecount() {
  const mismatches = await t.db.execute(sql`
    select u.id, coalesce(tt.total, 0) as kept_total, coalesce(tt.completed, 0) as kept_completed,
           count(sta.id)::int as total, count(sta.completed_at)::int as completed
    from users u
    left join staff_training_totals tt on tt.staff_id = u.id
    left join staff_training_assignments sta on sta.staff_id = u.id
    group by u.id, tt.total, tt.completed
    having coalesce(tt.total, 0) <> count(sta.id) or coalesce(tt.completed, 0) <> count(sta.completed_at)`);
  expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
}

test('bulk inserts, completions, un-completions and deletes keep the totals', async () => {
  // One statement, several people and trainings: the bulk assignment's shape.
  await t.db
    .insert(staffTrainingAssignments)
    .values(people.flatMap((person) => trainingIds.map((trainingId) => ({ staffId: person.id, trainingId }))));
  await expectTotalsToMatchRecount();

  await t.db
    .update(staffTrainingAssignments)
    .set({ completedAt: new Date() })
    .where(eq(staffTrainingAssignments.trainingId, trainingIds[0] ?? ''));
  await expectTotalsToMatchRecount();

  await t.db
    .update(staffTrainingAssignments)
    .set({ completedAt: null })
    .where(eq(staffTrainingAssignments.staffId, people[0]?.id ?? ''));
  await expectTotalsToMatchRecount();

  await t.db.delete(staffTrainingAssignments).where(eq(staffTrainingAssignments.trainingId, trainingIds[1] ?? ''));
  await expectTotalsToMatchRecount();
});

test('deleting a training or a person cascades through the totals', async () => {
  await t.db.delete(trainings).where(eq(trainings.id, trainingIds[2] ?? ''));
  await expectTotalsToMatchRecount();
  await t.db.delete(users).where(eq(users.id, people[1]?.id ?? ''));
  await expectTotalsToMatchRecount();
  const kept = await t.db.execute(
    sql`select count(*)::int as n from staff_training_totals where staff_id = ${people[1]?.id}`,
  );
  expect((kept as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
});
