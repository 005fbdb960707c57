import { ConfigError, readConfig } from '../config';
import { openDatabase } from '../db/client';
import { verifyLog } from '../modules/activity-log/service';

/**
 * `npm run verify-log` (issue 36, decision 044): recomputes the activity log's hash chain
 * in the database of DATABASE_URL (or DATA_DIR's embedded one, while no server has it
 * open) and says whether it is intact. Exit status 0 intact, 1 broken (the first entry
 * changed or removed is named), 2 when the check could not run.
 */
async function main(): Promise<number> {
  const config = readConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const started = performance.now();
    const result = await verifyLog(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.ok || !result.firstBroken) {
      console.log(`Activity log intact: ${result.checked} entries checked in ${seconds} s.`);
      return 0;
    }
    const { segment, seq, id, reason } = result.firstBroken;
    const what = reason === 'changed' ? 'was changed after it was written' : 'was removed';
    console.error(
      `Activity log BROKEN: entry ${seq} of ${segment}${id ? ` (id ${id})` : ''} ${what}. ` +
        `${result.checked} entries before it verified.`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

/** The database's own words (Drizzle's message is the statement it sent; its cause says why it failed). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
  if (cause) return cause;
  return error instanceof Error ? error.message : String(error);
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(`The activity log could not be checked: ${reasonOf(error)}`);
    process.exit(2);
  },
);
