import { type SQL, sql } from 'drizzle-orm';

/**
 * A notification's title and body as SQL expressions, for writers that insert many
 * notifications with one INSERT … SELECT: the words come from core's
 * `notificationTexts` (called with markers in place of its arguments), the arguments
 * are columns of the caller's SELECT. So a reminder made in SQL reads exactly as one
 * made in TypeScript. Only for texts that use their arguments as they are (no plurals
 * or branches on an argument).
 */
export function textsSql(
  texts: (...args: string[]) => { title: string; body: string },
  ...args: SQL[]
): { title: SQL<string>; body: SQL<string> } {
  const marked = texts(...args.map((_, index) => `\uE000${index}\uE001`));
  return { title: concatSql(marked.title, args), body: concatSql(marked.body, args) };
}

function concatSql(template: string, args: SQL[]): SQL<string> {
  const parts = template.split(/\uE000(\d+)\uE001/);
  // split with a capture group: even entries are literal words, odd ones argument indexes.
  const pieces = parts.flatMap((part, index) => {
    if (index % 2 === 1) return [sql`coalesce((${args[Number(part)]})::text, '')`];
    return part ? [sql`${part}::text`] : [];
  });
  return pieces.length ? sql<string>`(${sql.join(pieces, sql` || `)})` : sql<string>`''::text`;
}
