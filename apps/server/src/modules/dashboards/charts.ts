import {
  type AuditScoreRanking,
  type AuditScoreTrend,
  CHART_WEEKS,
  type RankedRestaurant,
  RECENT_AUDIT_SCORES,
  type RecentAuditScores,
  SCORE_RANKING_DAYS,
  SCORE_RANKING_SIZE,
  type TrainingCompletionByRestaurant,
  type WeeklyScore,
  type WeeklyTrainingProgress,
} from '@brigade/core/schemas/dashboard-charts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { audits } from '../../db/schema/audits';
import {
  averageOfWeeks,
  chainAuditWeeks,
  restaurantAuditWeeks,
  restaurantTrainingTotals,
} from '../../db/schema/dashboard-counts';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingAssignments } from '../../db/schema/training-assignments';
import { users } from '../../db/schema/users';

/**
 * The dashboards' charts (issue 21): each panel is one statement, whose cost is bounded
 * by what it shows, not by the chain's history: 12 rows of week counters a line, one
 * counter row per restaurant (decision 050), 90 days of audits for the ranking, one
 * restaurant's assignments.
 *
 * Weeks are ISO weeks in UTC: `date_trunc('week', …)` of the UTC wall clock is the
 * Monday 00:00 that starts the week. The last `CHART_WEEKS` of them, oldest first and
 * this week last, come from `generate_series`, so a week without any row is still there.
 * Only completed audits count; their score is the `final_score` stored at submission
 * (core `computeFinalScore`).
 */

async function rowsOf<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** `week` ('YYYY-MM-DD', the Monday), `week_start` (that date), `starts_at` and `ends_at` (timestamptz, end exclusive). */
const chartWeeks = sql`(
  select to_char(w, 'YYYY-MM-DD') as week, w::date as week_start, w at time zone 'UTC' as starts_at,
         (w + interval '1 week') at time zone 'UTC' as ends_at
  from generate_series(date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${CHART_WEEKS - 1}),
                       date_trunc('week', now() at time zone 'UTC'), interval '1 week') w)`;

interface WeeklyScoreRow {
  week: string;
  restaurant_id: string | null;
  restaurant_name: string | null;
  average: number | null;
  audits: number;
}

/**
 * hq: the chain's average score per week over the last 12 weeks, and each chosen
 * restaurant's. The lines are the chain (every completed audit, of any restaurant) and
 * the restaurants that exist among `restaurantIds`; every line has every week. Each
 * point is one row of the week counters the audit triggers keep (`chain_audit_weeks`,
 * `restaurant_audit_weeks`, decision 050): 12 rows a line, whatever the chain's size.
 */
export async function auditScoreTrend(db: Queryable, restaurantIds: readonly string[]): Promise<AuditScoreTrend> {
  const chosen = restaurantIds.length
    ? sql`union all select id, name from ${restaurants} where id in (${sql.join(
        restaurantIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const rows = await rowsOf<WeeklyScoreRow>(
    db,
    sql`with weeks as ${chartWeeks},
      lines as (select null::uuid as id, null::text as name ${chosen})
    select w.week, l.id as restaurant_id, l.name as restaurant_name,
           ${averageOfWeeks(sql`coalesce(c.score_sum, rw.score_sum)`, sql`coalesce(c.audits, rw.audits)`)} as average,
           coalesce(c.audits, rw.audits, 0) as audits
    from weeks w
    cross join lines l
    -- One primary-key probe per point (limit 1 keeps the planner from hashing every week of every restaurant).
    left join lateral (select audits, score_sum from ${chainAuditWeeks}
      where l.id is null and week_start = w.week_start limit 1) c on true
    left join lateral (select audits, score_sum from ${restaurantAuditWeeks}
      where restaurant_id = l.id and week_start = w.week_start limit 1) rw on true
    order by l.name nulls first, l.id, w.week`,
  );

  const presentWeek = (row: WeeklyScoreRow): WeeklyScore => ({
    weekStart: row.week,
    average: row.average,
    audits: row.audits,
  });
  const chain = rows.filter((row) => row.restaurant_id === null).map(presentWeek);
  const lines = new Map<string, AuditScoreTrend['restaurants'][number]>();
  for (const row of rows) {
    if (row.restaurant_id === null) continue;
    const line = lines.get(row.restaurant_id) ?? {
      restaurant: { id: row.restaurant_id, name: row.restaurant_name ?? '' },
      weeks: [],
    };
    line.weeks.push(presentWeek(row));
    lines.set(row.restaurant_id, line);
  }
  return { chain, restaurants: [...lines.values()] };
}

interface RankingRow {
  active: number;
  ranked: number;
  rows: { id: string; name: string; average: number; audits: number; low: number; high: number }[];
}

/**
 * hq: the active restaurants with the lowest and the highest average score over the
 * last 90 days (completed audits only; a restaurant without one is counted, not ranked).
 * Ties go by name. One row comes back: the counts and the at most ten restaurants. The
 * audits of the window are read through `audits_audited_at_idx` (clustered by time: about
 * 2,300 rows in 120 pages at 1×). The week counters would not be fewer rows: a restaurant
 * completes about one audit a week (decision 050).
 */
export async function auditScoreRanking(db: Queryable): Promise<AuditScoreRanking> {
  const [row] = await rowsOf<RankingRow>(
    db,
    sql`with averages as (
        select r.id, r.name, avg(a.final_score) as exact, round(avg(a.final_score), 1)::float8 as average,
               count(*)::int as audits
        from ${audits} a join ${restaurants} r on r.id = a.restaurant_id and r.is_active
        where a.status = 'completed' and a.audited_at >= now() - make_interval(days => ${SCORE_RANKING_DAYS})
        group by r.id, r.name),
      ranks as (
        select *, row_number() over (order by exact, name, id) as low,
                  row_number() over (order by exact desc, name, id) as high
        from averages)
    select (select count(*)::int from ${restaurants} where is_active) as active,
           (select count(*)::int from averages) as ranked,
           coalesce((select json_agg(json_build_object('id', id, 'name', name, 'average', average,
                      'audits', audits, 'low', low, 'high', high) order by low)
                     from ranks where low <= ${SCORE_RANKING_SIZE} or high <= ${SCORE_RANKING_SIZE}), '[]'::json) as rows`,
  );
  if (!row) throw new Error('ranking row missing');
  const present = ({ id, name, average, audits }: RankingRow['rows'][number]): RankedRestaurant => ({
    restaurant: { id, name },
    average,
    audits,
  });
  const lowest = row.rows.filter((entry) => entry.low <= SCORE_RANKING_SIZE);
  const highest = row.rows
    .filter((entry) => entry.low > SCORE_RANKING_SIZE)
    .sort((left, right) => left.high - right.high);
  return {
    lowest: lowest.map(present),
    highest: highest.map(present),
    ranked: row.ranked,
    unranked: row.active - row.ranked,
  };
}

interface CompletionRow {
  id: string;
  name: string;
  completed: number;
  total: number;
  percent: number | null;
}

/**
 * hq: per active restaurant, completed ÷ assigned trainings of its active staff and
 * managers (a person working at two restaurants counts at both). The triggers keep those
 * sums per restaurant (`restaurant_training_totals`, decision 050) in the transaction
 * that changes them: the statement reads one row per restaurant, not its people.
 */
export async function trainingCompletionByRestaurant(db: Queryable): Promise<TrainingCompletionByRestaurant> {
  const rows = await rowsOf<CompletionRow>(
    db,
    sql`select r.id, r.name, coalesce(t.completed, 0) as completed, coalesce(t.total, 0) as total,
           round(100.0 * t.completed / nullif(t.total, 0), 1)::float8 as percent
    from ${restaurants} r
    left join ${restaurantTrainingTotals} t on t.restaurant_id = r.id
    where r.is_active
    order by percent nulls last, r.name, r.id`,
  );
  const assigned = rows.filter((row): row is CompletionRow & { percent: number } => row.percent !== null);
  return {
    restaurants: assigned.map(({ id, name, completed, total, percent }) => ({
      restaurant: { id, name },
      completed,
      total,
      percent,
    })),
    withoutAssignments: rows.length - assigned.length,
  };
}

interface AuditScoreRow {
  id: string;
  audited_at: string | Date;
  score: number;
  average: number;
}

/**
 * The manager: the restaurant's latest 10 completed audits, oldest first, and their
 * average (read backwards along `audits_restaurant_audited_at_idx`).
 */
export async function recentAuditScores(db: Queryable, restaurantId: string): Promise<RecentAuditScores> {
  const rows = await rowsOf<AuditScoreRow>(
    db,
    sql`select id, audited_at, score, round(avg(score) over (), 1)::float8 as average
    from (select id, audited_at, final_score as score from ${audits}
          where restaurant_id = ${restaurantId} and status = 'completed'
          order by audited_at desc, id desc limit ${RECENT_AUDIT_SCORES}) latest
    order by audited_at, id`,
  );
  return {
    audits: rows.map((row) => ({ id: row.id, auditedAt: new Date(row.audited_at).toISOString(), score: row.score })),
    average: rows[0]?.average ?? null,
  };
}

/**
 * The manager: per week of the last 12, the training assignments of the restaurant's
 * staff (role staff, as the dashboard's Active Trainings card counts them) that were
 * - completed during the week (`completed_at` in [Monday, next Monday)), and
 * - still incomplete at its end: assigned before the week ended and not completed
 *   before then. For this week the end is still ahead: incomplete now.
 * The restaurant's people come from `staff_restaurant_assignments_restaurant_idx`, their
 * assignments from the (staff_id, training_id) key: only that restaurant's rows are read.
 */
export async function weeklyTrainingProgress(db: Queryable, restaurantId: string): Promise<WeeklyTrainingProgress> {
  const rows = await rowsOf<{ week: string; completed: number; incomplete: number }>(
    db,
    sql`with weeks as ${chartWeeks},
      assigned as (
        select sta.assigned_at, sta.completed_at
        from ${staffTrainingAssignments} sta
        where sta.staff_id in (select sra.user_id from ${staffRestaurantAssignments} sra
          join ${users} u on u.id = sra.user_id where sra.restaurant_id = ${restaurantId} and u.role = 'staff'))
    select w.week,
           count(*) filter (where a.completed_at >= w.starts_at and a.completed_at < w.ends_at)::int as completed,
           count(*) filter (where a.assigned_at < w.ends_at
                              and (a.completed_at is null or a.completed_at >= w.ends_at))::int as incomplete
    from weeks w left join assigned a on true
    group by w.week
    order by w.week`,
  );
  return { weeks: rows.map(({ week, completed, incomplete }) => ({ weekStart: week, completed, incomplete })) };
}
