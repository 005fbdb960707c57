import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../apps/server/src/db/database';

/**
 * Runs a seed's statements in one transaction without PostgreSQL's checks of foreign keys.
 * Those are internal triggers that look up each inserted row's parents one row at a time:
 * on the millions of rows a chain has, a large share of the seed. The seed makes every
 * reference itself (the ids of rows it inserted before), and the bench's tests read what
 * it made. Replica mode skips the internal triggers; every trigger of the schema (the
 * counters, the copied names) is set to fire in that mode too, so what they keep stays
 * exact; both are put back before the transaction commits. Needs a superuser, as the
 * bench's databases have.
 */
export async function seedWithoutReferenceChecks(db: Database, run: (tx: Transaction) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const ours = (
      (await tx.execute(sql`select c.relname as table_name, t.tgname as trigger_name
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal and t.tgenabled = 'O'`)) as unknown as {
        rows: { table_name: string; trigger_name: string }[];
      }
    ).rows;
    // One statement each: PGlite takes one command per statement.
    const setAll = async (how: 'enable always' | 'enable') => {
      for (const { table_name, trigger_name } of ours) {
        await tx.execute(
          sql`alter table ${sql.identifier(table_name)} ${sql.raw(how)} trigger ${sql.identifier(trigger_name)}`,
        );
      }
    };
    await setAll('enable always');
    await tx.execute(sql`set local session_replication_role = replica`);
    await run(tx);
    await tx.execute(sql`set local session_replication_role = origin`);
    await setAll('enable');
  });
}
