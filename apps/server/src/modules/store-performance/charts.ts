import { messages } from '@brigade/core/messages';
import {
  NOTE_CATEGORIES,
  SCORE_TREND_WEEKS,
  type StoreScoreTrend,
  type StoreVisit,
  VISIT_STATUSES,
  type VisitBreakdown,
} from '@brigade/core/schemas/store-performance';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { averageOfWeeks, chainAuditWeeks, restaurantAuditWeeks } from '../../db/schema/dashboard-counts';
import { restaurants } from '../../db/schema/restaurants';
import { notFound } from '../../errors';

interface ScoreRow {
  /** 'YYYY-MM-DD', or null on the row of all the weeks together. */
  week: string | null;
  restaurant: number | null;
  restaurant_audits: number;
  chain: number | null;
  chain_audits: number;
}

/**
 * Store Performance's score trend (issue 21) in one statement: per week of the last
 * `SCORE_TREND_WEEKS` (ISO weeks in UTC, from `generate_series`, so a week without audits
 * is there), the restaurant's average final score and the chain's, and (grouping set `()`)
 * the same over all the weeks. Only completed audits count, with the score stored at
 * submission. Each week is a row of the counters the audit triggers keep for the chain
 * and for the restaurant (`chain_audit_weeks`, `restaurant_audit_weeks`, decision 050):
 * 24 primary-key reads, whatever the chain's size or history. No week comes back for an
 * unknown restaurant.
 */
export async function storeScoreTrend(db: Queryable, restaurantId: string): Promise<StoreScoreTrend> {
  const result = await db.execute(sql`
    with weeks as (
      select to_char(w, 'YYYY-MM-DD') as week, w::date as week_start
      from generate_series(date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${SCORE_TREND_WEEKS - 1}),
                           date_trunc('week', now() at time zone 'UTC'), interval '1 week') w),
    chosen as (select id from ${restaurants} where id = ${restaurantId})
    select w.week,
           ${averageOfWeeks(sql`sum(rw.score_sum)`, sql`sum(rw.audits)`)} as restaurant,
           coalesce(sum(rw.audits), 0)::int as restaurant_audits,
           ${averageOfWeeks(sql`sum(cw.score_sum)`, sql`sum(cw.audits)`)} as chain,
           coalesce(sum(cw.audits), 0)::int as chain_audits
    from weeks w
    cross join chosen c
    -- One primary-key probe per week and line (limit 1 keeps the planner from hashing every restaurant's weeks).
    left join lateral (select audits, score_sum from ${chainAuditWeeks} where week_start = w.week_start limit 1) cw on true
    left join lateral (select audits, score_sum from ${restaurantAuditWeeks}
      where restaurant_id = c.id and week_start = w.week_start limit 1) rw on true
    group by grouping sets ((w.week), ())
    order by w.week nulls last`);
  const rows = (result as unknown as { rows: ScoreRow[] }).rows;
  const averages = (row: ScoreRow) => ({
    restaurant: row.restaurant,
    restaurantAudits: row.restaurant_audits,
    chain: row.chain,
    chainAudits: row.chain_audits,
  });
  const weeks = rows.flatMap((row) => (row.week === null ? [] : [{ weekStart: row.week, ...averages(row) }]));
  // The grouping set () answers even over no rows; the weeks are there only for a known restaurant.
  const total = rows.find((row) => row.week === null);
  if (weeks.length === 0 || !total) throw notFound(messages.restaurantNotFound);
  return { weeks, total: averages(total) };
}

/** A count per restaurant over the chain, to one decimal. */
const perRestaurant = (total: number, restaurantCount: number) =>
  restaurantCount === 0 ? 0 : Math.round((total / restaurantCount) * 10) / 10;

/**
 * The restaurant's visits by status and their notes by category, each beside the chain's
 * average per active restaurant, counted from the board's visits of those restaurants
 * (`chain`, one list per active restaurant, empty for one without visits).
 */
export function visitBreakdown(
  visits: readonly StoreVisit[],
  chain: readonly (readonly StoreVisit[])[],
): VisitBreakdown {
  const chainVisits = chain.flat();
  const chainNotes = chainVisits.flatMap((visit) => visit.notes);
  const notes = visits.flatMap((visit) => visit.notes);
  return {
    restaurants: chain.length,
    visits: { count: visits.length, chainAverage: perRestaurant(chainVisits.length, chain.length) },
    notes: { count: notes.length, chainAverage: perRestaurant(chainNotes.length, chain.length) },
    byStatus: VISIT_STATUSES.map((status) => ({
      status,
      count: visits.filter((visit) => visit.status === status).length,
      chainAverage: perRestaurant(chainVisits.filter((visit) => visit.status === status).length, chain.length),
    })),
    byCategory: NOTE_CATEGORIES.map((category) => ({
      category,
      count: notes.filter((note) => note.category === category).length,
      chainAverage: perRestaurant(chainNotes.filter((note) => note.category === category).length, chain.length),
    })),
  };
}
