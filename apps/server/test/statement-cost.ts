/**
 * What a request's statements cost the database, independent of the machine's speed
 * (issue 38): the shared buffers (8 kB pages) each read statement touches, from
 * `EXPLAIN (ANALYZE, BUFFERS)`. Used by the CI budget (statement-budget.test.ts) and
 * by the bench, which prints the plans of every row that misses a target.
 */

export interface Statement {
  query: string;
  params: unknown[];
}

/** The raw driver under Drizzle (pg Pool or PGlite): both answer query(text, params). */
export type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface StatementCost {
  /**
   * Shared buffers hit or read while executing. Planning's are left out: they read the
   * catalogue, and how much depends on what the connection has cached, not on the query.
   */
  buffers: number;
  executionMs: number;
}

interface JsonPlan {
  Plan: { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
  'Execution Time': number;
}

/**
 * EXPLAIN ANALYZE runs the statement, so a write is left out (null): the GETs measured
 * here write only bookkeeping (a session's or a token's last use), never what a screen
 * reads.
 */
const isWrite = (query: string) =>
  /^\s*(insert|update|delete)\b/i.test(query) || /\)\s*(insert|update|delete)\b/i.test(query);

const blocksOf = (part: JsonPlan['Plan'] | undefined) =>
  (part?.['Shared Hit Blocks'] ?? 0) + (part?.['Shared Read Blocks'] ?? 0);

export async function costOf(query: RawQuery, statement: Statement): Promise<StatementCost | null> {
  if (isWrite(statement.query)) return null;
  const { rows } = await query(`explain (analyze, buffers, format json) ${statement.query}`, statement.params);
  const cell = Object.values(rows[0] ?? {})[0];
  const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as JsonPlan[];
  if (!plan) throw new Error(`no plan for ${statement.query}`);
  return { buffers: blocksOf(plan.Plan), executionMs: plan['Execution Time'] };
}

/** The plan as PostgreSQL prints it, for a report. */
export async function planOf(query: RawQuery, statement: Statement): Promise<string[]> {
  if (isWrite(statement.query)) return ['(a write: not explained)'];
  const { rows } = await query(`explain (analyze, buffers) ${statement.query}`, statement.params);
  return rows.map((row) => String(Object.values(row)[0]));
}
