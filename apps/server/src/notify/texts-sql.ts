import type { NotificationKind } from '@brigade/core/notification-kinds';
import { notificationTexts } from '@brigade/core/notification-texts';
import { type SQL, sql } from 'drizzle-orm';

/** Kinds whose words use each of their params as they are (no plural, no branch on one): those SQL can write. */
type SqlWritable = Exclude<NotificationKind, 'weeklyDigest' | 'trainingAssigned'>;

/**
 * A notification's English title and body, and its params, as SQL expressions, for
 * writers that insert many notifications with one INSERT … SELECT: the words come from
 * core's `notificationTexts` (called with markers in place of its params), the params are
 * columns of the caller's SELECT. So a reminder made in SQL reads exactly as one made in
 * TypeScript, and is written again in its reader's language from the same params.
 */
export function textsSql(
  kind: SqlWritable,
  ...params: SQL[]
): { title: SQL<string>; body: SQL<string>; params: SQL<unknown> } {
  const texts = notificationTexts[kind] as (...args: string[]) => { title: string; body: string };
  const marked = texts(...params.map((_, index) => `\uE000${index}\uE001`));
  const values = params.map((param) => sql`coalesce((${param})::text, '')`);
  return {
    title: concatSql(marked.title, values),
    body: concatSql(marked.body, values),
    params: sql`jsonb_build_array(${sql.join(values, sql`, `)})`,
  };
}

function concatSql(template: string, values: SQL[]): SQL<string> {
  const parts = template.split(/\uE000(\d+)\uE001/);
  // split with a capture group: even entries are literal words, odd ones param indexes.
  const pieces = parts.flatMap((part, index) => {
    if (index % 2 === 1) return [values[Number(part)] as SQL];
    return part ? [sql`${part}::text`] : [];
  });
  return pieces.length ? sql<string>`(${sql.join(pieces, sql` || `)})` : sql<string>`''::text`;
}
