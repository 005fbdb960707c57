/**
 * A chain far bigger than today's, generated in SQL from a seed: the same rows (ids
 * included) on every run and on both drivers. Ids are md5-derived uuids and every
 * "random" choice is a hash of the row number, so nothing depends on random().
 */
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../apps/server/src/db/database';
import { acknowledgementStatements } from './seed-acknowledgements';
import { scheduleStatements } from './seed-schedules';
import { seedWithoutReferenceChecks } from './seed-transaction';

export const CHAIN = {
  restaurants: 500,
  people: 20_000,
  trainings: 300,
  videosPerTraining: 4,
  quizzes: 40,
  questionsPerQuiz: 10,
  optionsPerQuestion: 4,
  assignmentsPerPerson: 20,
  attempts: 500_000,
  attemptsWithResponses: 50_000,
  templates: 20,
  itemsPerTemplate: 100,
  audits: 20_000,
  itemsPerAudit: 30,
  announcements: 1_000,
} as const;

/**
 * The chain at `scale` times (issue 38: `--scale 5`): every count of things the chain
 * has more of as it grows (restaurants, people, trainings, quizzes, attempts,
 * templates, audits, announcements) times `scale`; what one thing holds (items per
 * audit, questions per quiz, assignments per person) stays. So a restaurant has the
 * same people, audits and actions at every scale, and only the chain's totals grow.
 */
export function chainAt(scale: number) {
  const times = (n: number) => Math.round(n * scale);
  return {
    ...CHAIN,
    restaurants: times(CHAIN.restaurants),
    people: times(CHAIN.people),
    trainings: times(CHAIN.trainings),
    quizzes: times(CHAIN.quizzes),
    attempts: times(CHAIN.attempts),
    attemptsWithResponses: times(CHAIN.attemptsWithResponses),
    templates: times(CHAIN.templates),
    audits: times(CHAIN.audits),
    announcements: times(CHAIN.announcements),
  };
}

/** The people the bench signs in as (row numbers chosen by the role rules below). */
export const BENCH_PEOPLE = {
  hq: 'person1@example.com',
  manager: 'person50@example.com',
  staff: 'person2@example.com',
} as const;

/** The restaurant person50 manages (seeded below: 1 + n % restaurants); 51 at 1× and 5×. */
const managerRestaurantNumber = (restaurants: number) => 1 + (50 % restaurants);

const SEED = 20261121;

/** Findings among the first items of each completed audit become corrective actions (issue 19). */
const ACTION_ITEMS_PER_AUDIT = 12;

export interface SeededChain {
  rows: Record<string, number>;
  managerRestaurantId: string;
  managerRestaurantName: string;
  auditId: string;
  /** An announcement that requires acknowledgement, acknowledged by most of the chain (issue 20). */
  announcementId: string;
}

/** What a statement of the seed writes, to say where the seeding time goes. */
function stepOf(statement: SQL): string {
  const text = new PgDialect().sqlToQuery(statement).sql;
  return /\binsert into (\w+)/.exec(text)?.[1] ?? text.trim().split(/\s+/).slice(0, 3).join(' ');
}

/**
 * Seeds an empty, migrated database; everyone's password hashes to `passwordHash`.
 * `onStep` hears how long each statement took (bench/seed.ts prints the slowest).
 */
export async function seedChain(
  db: Database,
  passwordHash: string,
  scale = 1,
  onStep?: (step: string, ms: number) => void,
): Promise<SeededChain> {
  const c = chainAt(scale);
  // uid('restaurant', n): a stable uuid; pick(n, k, salt): a stable 0..k-1.
  const statements = [
    // Shaped as a version-4 uuid, which the API's id fields require.
    sql`create function pg_temp.uid(kind text, n bigint) returns uuid language sql immutable
        as $$ select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8'
                      || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
              from md5('${sql.raw(String(SEED))}' || kind || n) h $$`,
    sql`create function pg_temp.pick(n bigint, k int, salt int) returns int language sql immutable
        as $$ select (abs(hashint8(n * 1000003 + salt + ${sql.raw(String(SEED))}::bigint)) % k)::int $$`,

    sql`insert into restaurants (id, name, city, country, address, email, is_active)
        select pg_temp.uid('restaurant', n), 'Brigade ' || city || ' ' || n, city, 'Netherlands',
               'Street ' || n, 'restaurant' || n || '@example.com', n % 50 <> 25
        from generate_series(1, ${c.restaurants}) n,
             lateral (select (array['Amsterdam','Utrecht','Rotterdam','Den Haag','Eindhoven','Groningen',
                                    'Antwerpen','Gent','Berlin','Hamburg'])[1 + n % 10] as city) place`,

    // 2% managers (every 50th), 0.5% hq (every 200th, offset 1), the rest staff; 1% inactive.
    sql`insert into users (id, name, email, role, is_active, email_verified, created_at)
        select pg_temp.uid('user', n)::text,
               (array['Anna','Bram','Chloé','Daan','Emma','Finn','Giulia','Hamza','Iris','Jasper','Kim','Lars',
                      'Mila','Noah','Olivia','Piet','Quinn','Rosa','Sven','Tess'])[1 + pg_temp.pick(n, 20, 1)]
               || ' ' ||
               (array['de Vries','Jansen','Bakker','Visser','Smit','Meijer','Mulder','de Boer','Bos','Vos',
                      'Peeters','Claes','Müller','Schmidt','Dubois','Rossi'])[1 + pg_temp.pick(n, 16, 2)]
               || ' ' || n,
               'person' || n || '@example.com',
               case when n % 50 = 0 then 'manager' when n % 200 = 1 then 'hq' else 'staff' end,
               n % 100 <> 37, true, now() - make_interval(days => pg_temp.pick(n, 900, 4))
        from generate_series(1, ${c.people}) n`,
    sql`insert into accounts (id, account_id, provider_id, user_id, password)
        select pg_temp.uid('account', n)::text, pg_temp.uid('user', n)::text, 'credential',
               pg_temp.uid('user', n)::text, ${passwordHash}
        from generate_series(1, ${c.people}) n`,
    // Everyone but hq works in one restaurant; every 7th person in a second one too.
    sql`insert into staff_restaurant_assignments (user_id, restaurant_id)
        select pg_temp.uid('user', n)::text, pg_temp.uid('restaurant', 1 + (n + extra) % ${c.restaurants})
        from generate_series(1, ${c.people}) n, generate_series(0, 1) extra
        where n % 200 <> 1 and (extra = 0 or n % 7 = 0)`,

    sql`insert into training_categories (id, name)
        select pg_temp.uid('category', n),
               (array['Food safety','Service','Kitchen','Hygiene','Leadership','Bar','Onboarding','Allergens'])[n]
        from generate_series(1, 8) n`,
    sql`insert into trainings (id, title, description, created_by, created_at)
        select pg_temp.uid('training', n), 'Training ' || n || ': ' ||
               (array['Handwashing','Greeting guests','Knife skills','Closing checklist','Allergen awareness',
                      'Coffee basics','Cash handling','Fire safety'])[1 + n % 8],
               'What every team member needs to know, part ' || n || '.',
               pg_temp.uid('user', 1)::text, now() - make_interval(days => n)
        from generate_series(1, ${c.trainings}) n`,
    sql`insert into training_category_assignments (training_id, category_id)
        select distinct pg_temp.uid('training', n), pg_temp.uid('category', 1 + (n + k * 3) % 8)
        from generate_series(1, ${c.trainings}) n, generate_series(0, 1) k where k = 0 or n % 3 = 0`,
    sql`insert into training_videos (id, module_id, video_url, order_num)
        select pg_temp.uid('video', n * 10 + v), pg_temp.uid('training', n),
               'https://videos.example.com/training-' || n || '/part-' || v || '.mp4', v
        from generate_series(1, ${c.trainings}) n, generate_series(1, ${c.videosPerTraining}) v`,

    // Quiz q belongs to training q * 7 (so quizzes spread over the catalogue).
    sql`insert into training_quizzes (id, title, description, training_id, pass_mark)
        select pg_temp.uid('quiz', q), 'Quiz ' || q, 'Check what you learned.', pg_temp.uid('training', q * 7), 80
        from generate_series(1, ${c.quizzes}) q`,
    sql`insert into training_quiz_assignments (training_id, quiz_id)
        select pg_temp.uid('training', q * 7), pg_temp.uid('quiz', q) from generate_series(1, ${c.quizzes}) q`,
    sql`insert into quiz_questions (id, quiz_id, question_text, correct_option, order_num)
        select pg_temp.uid('question', q * 100 + k), pg_temp.uid('quiz', q),
               'Question ' || k || ' of quiz ' || q || '?', k % ${c.optionsPerQuestion}, k
        from generate_series(1, ${c.quizzes}) q, generate_series(1, ${c.questionsPerQuiz}) k`,
    sql`insert into quiz_options (id, question_id, option_text, is_correct, order_num)
        select pg_temp.uid('option', (q * 100 + k) * 10 + o), pg_temp.uid('question', q * 100 + k),
               'Answer ' || o, o = k % ${c.optionsPerQuestion}, o
        from generate_series(1, ${c.quizzes}) q, generate_series(1, ${c.questionsPerQuiz}) k,
             generate_series(0, ${c.optionsPerQuestion - 1}) o`,

    // 20 distinct trainings per non-hq person (37 is coprime with 300), 60% completed.
    sql`insert into staff_training_assignments (id, staff_id, training_id, assigned_by, assigned_at, due_at, completed_at)
        select pg_temp.uid('assignment', n * 100 + j), pg_temp.uid('user', n)::text,
               pg_temp.uid('training', 1 + (n * 13 + j * 37) % ${c.trainings}), pg_temp.uid('user', 1)::text,
               now() - make_interval(days => 30 + pg_temp.pick(n * 100 + j, 300, 5)),
               case when pg_temp.pick(n * 100 + j, 3, 6) = 0
                    then now() + make_interval(days => pg_temp.pick(n * 100 + j, 120, 7) - 60) end,
               case when pg_temp.pick(n * 100 + j, 100, 8) < 60
                    then now() - make_interval(days => pg_temp.pick(n * 100 + j, 30, 9)) end
        from generate_series(1, ${c.people}) n, generate_series(0, ${c.assignmentsPerPerson - 1}) j
        where n % 200 <> 1`,

    // Attempt a: newer as a grows, so the latest 50,000 are the highest numbers. At every scale
    // the attempts (like the audits and announcements) span the same time, only denser.
    sql`insert into quiz_attempts (id, quiz_id, staff_id, started_at, score, correct_count, question_count, passed, created_at)
        select pg_temp.uid('attempt', a), pg_temp.uid('quiz', 1 + a % ${c.quizzes}), pg_temp.uid('user', person)::text,
               at - interval '5 minutes', correct * 10, correct, ${c.questionsPerQuiz}, correct >= 8, at
        from generate_series(1, ${c.attempts}) a,
             lateral (select 2 + pg_temp.pick(a, ${c.people - 2}, 10) as drawn,
                             pg_temp.pick(a, ${c.questionsPerQuiz + 1}, 11) as correct,
                             now() - make_interval(secs => (${c.attempts} - a) * 60.0 / ${sql.raw(String(scale))}) as at) x,
             -- hq take no quizzes: their row numbers move to the next person.
             lateral (select case when drawn % 200 = 1 then drawn + 1 else drawn end as person) p`,
    sql`insert into quiz_responses (id, attempt_id, question_id, selected_option_id, question_text, selected_option_text, is_correct)
        select gen_random_uuid(), qa.id, qq.id, qo.id, qq.question_text, qo.option_text, qo.is_correct
        from (select id, quiz_id from quiz_attempts order by created_at desc limit ${c.attemptsWithResponses}) qa
        join quiz_questions qq on qq.quiz_id = qa.quiz_id
        join quiz_options qo on qo.question_id = qq.id and qo.order_num = qq.correct_option`,

    sql`insert into audit_templates (id, name, description, created_by)
        select pg_temp.uid('template', t), 'Template ' || t, 'Checks for area ' || t, pg_temp.uid('user', 1)::text
        from generate_series(1, ${c.templates}) t`,
    sql`insert into audit_template_items (id, template_id, item_text, order_num)
        select pg_temp.uid('template-item', t * 1000 + k), pg_temp.uid('template', t),
               'Check ' || k || ' of template ' || t, k
        from generate_series(1, ${c.templates}) t, generate_series(1, ${c.itemsPerTemplate}) k`,
    // 40 audits per restaurant over two years; 95% completed. Audit a uses template 1 + a % 20.
    sql`insert into audits (id, restaurant_id, audited_by, audited_at, status, final_score)
        select pg_temp.uid('audit', a), pg_temp.uid('restaurant', 1 + a % ${c.restaurants}), pg_temp.uid('user', 1)::text,
               now() - make_interval(hours => (${c.audits} - a) * 17520 / ${c.audits}),
               case when pg_temp.pick(a, 20, 12) = 0 then 'draft' else 'completed' end,
               case when pg_temp.pick(a, 20, 12) = 0 then null else 40 + pg_temp.pick(a, 61, 13) end
        from generate_series(1, ${c.audits}) a`,
    sql`insert into audit_template_assignments (id, audit_id, template_id, template_name)
        select pg_temp.uid('audit-template', a), pg_temp.uid('audit', a), pg_temp.uid('template', 1 + a % ${c.templates}),
               'Template ' || (1 + a % ${c.templates})
        from generate_series(1, ${c.audits}) a`,
    sql`insert into audit_items (id, audit_id, template_item_id, template_name, item_text, order_num, mark, comment)
        select pg_temp.uid('audit-item', a::bigint * 100 + k), pg_temp.uid('audit', a),
               pg_temp.uid('template-item', (1 + a % ${c.templates}) * 1000 + k), 'Template ' || (1 + a % ${c.templates}),
               'Check ' || k || ' of template ' || (1 + a % ${c.templates}), k,
               case when pg_temp.pick(a, 20, 12) = 0 then null
                    else (array['bad','needs_improvement','good','excellent'])[1 + pg_temp.pick(a::bigint * 100 + k, 4, 14)] end,
               case when k % 5 = 0 then 'Noted during the visit.' end
        from generate_series(1, ${c.audits}) a, generate_series(1, ${c.itemsPerAudit}) k`,

    // Issue 19: a corrective action for each Bad or Needs improvement finding among the first
    // 12 items of every completed audit (~114,000), due 7 / 14 days after the audit; those of
    // audits older than 30 days are resolved 9 times in 10. Owners are the restaurant's
    // managers; every action has its 'created' event, every resolved one its 'resolved' event.
    sql`insert into corrective_actions (id, restaurant_id, audit_id, audit_item_id, template_name, item_text, mark,
          comment, due_on, status, resolution_note, resolved_by, resolved_at, created_by, version, created_at, updated_at)
        select pg_temp.uid('action', a::bigint * 100 + k), au.restaurant_id, au.id, ai.id, ai.template_name, ai.item_text,
               ai.mark, ai.comment,
               (au.audited_at at time zone 'UTC')::date + case ai.mark when 'bad' then 7 else 14 end,
               case when x.resolved then 'resolved' else 'open' end,
               case when x.resolved then 'Fixed and checked.' end,
               case when x.resolved then pg_temp.uid('user', 1)::text end,
               case when x.resolved then au.audited_at + interval '5 days' end,
               pg_temp.uid('user', 1)::text, case when x.resolved then 2 else 1 end, au.audited_at, au.audited_at
        from generate_series(1, ${c.audits}) a, generate_series(1, ${ACTION_ITEMS_PER_AUDIT}) k,
             lateral (select * from audits where id = pg_temp.uid('audit', a)) au,
             lateral (select * from audit_items where id = pg_temp.uid('audit-item', a::bigint * 100 + k)) ai,
             lateral (select au.audited_at < now() - interval '30 days'
                             and pg_temp.pick(a::bigint * 100 + k, 10, 21) <> 0 as resolved) x
        where au.status = 'completed' and ai.mark in ('bad', 'needs_improvement')`,
    sql`insert into corrective_action_owners (action_id, user_id)
        select ca.id, sra.user_id from corrective_actions ca
        join staff_restaurant_assignments sra on sra.restaurant_id = ca.restaurant_id
        join users u on u.id = sra.user_id and u.role = 'manager'`,
    sql`insert into corrective_action_events (id, action_id, kind, actor_id, actor_name, note, created_at)
        select gen_random_uuid(), ca.id, 'created', ca.created_by, u.name, null, ca.created_at
        from corrective_actions ca join users u on u.id = ca.created_by
        union all
        select gen_random_uuid(), ca.id, 'resolved', ca.resolved_by, u.name, ca.resolution_note, ca.resolved_at
        from corrective_actions ca join users u on u.id = ca.resolved_by where ca.status = 'resolved'`,

    sql`insert into announcements (id, title, description, created_by, created_at)
        select pg_temp.uid('announcement', n), 'Announcement ' || n,
               'News for every restaurant, number ' || n || '.', pg_temp.uid('user', 1)::text,
               now() - make_interval(secs => (${c.announcements} - n) * 43200.0 / ${sql.raw(String(scale))})
        from generate_series(1, ${c.announcements}) n`,
    ...acknowledgementStatements(c.people, c.announcements),
    ...scheduleStatements(c.restaurants),
  ];

  const timed = async (step: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    onStep?.(step, performance.now() - started);
  };
  await seedWithoutReferenceChecks(db, async (tx) => {
    for (const statement of statements) await timed(stepOf(statement), () => tx.execute(statement));
  });
  // As autovacuum leaves a long-running database: statistics and visibility maps current.
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));

  const counted = await db.execute<Record<string, number>>(sql`select
    (select count(*)::int from restaurants) as restaurants,
    (select count(*)::int from users) as users,
    (select count(*)::int from trainings) as trainings,
    (select count(*)::int from training_videos) as videos,
    (select count(*)::int from training_quizzes) as quizzes,
    (select count(*)::int from staff_training_assignments) as assignments,
    (select count(*)::int from quiz_attempts) as attempts,
    (select count(*)::int from quiz_responses) as responses,
    (select count(*)::int from audit_template_items) as template_items,
    (select count(*)::int from audits) as audits,
    (select count(*)::int from audit_items) as audit_items,
    (select count(*)::int from announcements) as announcements,
    (select count(*)::int from announcement_acknowledgements) as acknowledgements,
    (select count(*)::int from corrective_actions) as corrective_actions,
    (select count(*)::int from corrective_actions where status = 'open') as open_actions,
    (select count(*)::int from audit_due) as due_audits`);
  return {
    rows: rowsOf<Record<string, number>>(counted)[0] ?? {},
    ...(await subjectsOf(db, managerRestaurantNumber(c.restaurants), c.announcements)),
  };
}

/** The bench's subjects; the announcement whose acknowledgements it reads is the newest (seed-acknowledgements). */
async function subjectsOf(db: Database, managerRestaurant: number, newestAnnouncement: number) {
  type Subjects = { restaurant_id: string; restaurant_name: string; audit_id: string; announcement_id: string };
  const [row] = rowsOf<Subjects>(
    await db.execute<Subjects>(sql`
      select r.id as restaurant_id, r.name as restaurant_name,
             (select a.id from audits a where a.status = 'completed' order by a.audited_at desc, a.id limit 1) as audit_id,
             (select a.id from announcements a where a.title = ${`Announcement ${newestAnnouncement}`}) as announcement_id
      from restaurants r where r.email = ${`restaurant${managerRestaurant}@example.com`}`),
  );
  if (!row) throw new Error('the seeded chain has no manager restaurant');
  return {
    managerRestaurantId: row.restaurant_id,
    managerRestaurantName: row.restaurant_name,
    auditId: row.audit_id,
    announcementId: row.announcement_id,
  };
}

/** node-postgres returns { rows }, PGlite an array-like result with rows too. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
