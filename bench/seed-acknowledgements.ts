/**
 * Announcements that require acknowledgement (issue 20), for bench/seed-chain.ts: run
 * inside its transaction, after the people and announcements, with its pg_temp.uid and
 * pick. The five newest announcements ask everyone; the newest has been acknowledged by
 * 70 % of the chain (about 14,000 rows at 1×); the bench's
 * acknowledgement rows read the newest, the four before it by 40 %, one of them at an
 * older version (its text was changed and everyone asked again).
 */
import { type SQL, sql } from 'drizzle-orm';

const ASKING = 5;

export function acknowledgementStatements(people: number, announcements: number): SQL[] {
  const first = announcements - ASKING + 1;
  return [
    sql`update announcements set requires_ack = true, ack_version = case when n = ${first} then 2 else 1 end
        from generate_series(${first}::int, ${announcements}::int) n where id = pg_temp.uid('announcement', n)`,
    sql`insert into announcement_acknowledgements (announcement_id, user_id, version, acknowledged_at)
        select pg_temp.uid('announcement', a), pg_temp.uid('user', n)::text,
               case when a <> ${first} then 1 when pg_temp.pick(n, 2, 33) = 0 then 1 else 2 end,
               now() - make_interval(mins => pg_temp.pick(n, 2880, 34))
        from generate_series(${first}::int, ${announcements}::int) a cross join generate_series(1, ${people}::int) n
        where pg_temp.pick(n * 7 + a, 10, 32) < case when a = ${announcements} then 7 else 4 end`,
  ];
}
