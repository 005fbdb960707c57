import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { resolveAuthSecret } from './auth/secret';
import { ConfigError, readConfig } from './config';
import { EmbeddedDatabaseError, openDatabase } from './db/client';
import { loggerOptions, logSafeMessage } from './logging';
import { mailLine } from './mail/mailer';
import { metricsLine } from './metrics/endpoint';
import { fileStorageLine } from './storage/storage';
import { defaultWebRoot } from './web';

/** How long SIGTERM lets running requests finish (see `shutdown`). */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const { values: flags } = parseArgs({ options: { demo: { type: 'boolean', default: false } } });
  const config = readConfig();
  // `npm run demo` without SMTP_URL: emails are caught for hq's Demo emails page, never sent (decision 039).
  const demoMailbox =
    flags.demo && !config.mail
      ? await (await import('./modules/demo-emails/service')).startDemoMailCapture(config.publicUrl)
      : undefined;
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  ).catch((error: unknown) => {
    // Damaged files in DATA_DIR/pgdata: say what to do instead of a stack trace.
    if (!(error instanceof EmbeddedDatabaseError)) throw error;
    const reason = error.cause instanceof Error ? error.cause.message : String(error.cause);
    throw new Error(
      `The embedded database in ${error.pgdataDir} could not be opened (${reason}). ` +
        `Its files may be damaged. Restore it from a backup: move ${error.pgdataDir} aside, then npm run restore <file>.`,
    );
  });
  const app = await buildApp({
    database,
    publicUrl: config.publicUrl,
    publicUrlSet: config.publicUrlSet,
    authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
    signInRateLimit: config.signInRateLimit,
    apiTokenRateLimit: config.apiTokenRateLimit,
    sessionDays: config.sessionDays,
    activityLogRetentionDays: config.activityLogRetentionDays,
    sensorReadingsRetentionDays: config.sensorReadingsRetentionDays,
    webRoot: config.webRoot ?? defaultWebRoot,
    dataDir: config.dataDir,
    uploadMaxBytes: config.uploadMaxBytes,
    photoMaxBytes: config.photoMaxBytes,
    defaultTimeZone: config.defaultTimeZone,
    s3: config.s3,
    monday: config.monday,
    powerBi: config.powerBi,
    brandWord: config.brandWord,
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    jobs: config.jobs,
    mail: demoMailbox?.mailConfig ?? config.mail,
    demoMailbox,
    push: config.push,
    metrics: config.metrics,
    oidc: config.oidc,
    webhooks: config.webhooks,
  });

  // Several servers may start at once on one database: one migrates (and loads the demo),
  // the others wait, then find nothing left to do.
  await database.withStartupLock(async () => {
    await database.migrate();
    if (flags.demo) {
      // Loaded on demand: production starts never need the demo data module.
      const { loadDemoChainIfEmpty } = await import('./demo/load-demo');
      const outcome = await loadDemoChainIfEmpty(database.db, app.auth, app.storage);
      app.log.info(outcome.message);
      console.log(outcome.message);
    }
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    // A stop never hangs on a request that does not end (a client that stopped reading,
    // say): it is cut off after the grace, and the process ends after twice the grace
    // whatever still runs. Orchestrators wait 30 s before their own SIGKILL.
    setTimeout(() => {
      console.error(`${signal}: requests still running after ${SHUTDOWN_GRACE_MS / 1000} s are cut off`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
    setTimeout(() => {
      console.error(
        `${signal}: the server did not finish stopping within ${(2 * SHUTDOWN_GRACE_MS) / 1000} s; exiting`,
      );
      process.exit(1);
    }, 2 * SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await database.close();
    await demoMailbox?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`Brigade is running at ${config.publicUrl} (database: ${where})`);
  console.log(fileStorageLine(config.s3, config.dataDir));
  console.log(metricsLine(config.metrics, config.publicUrl, await app.metrics?.listen()));
  console.log(demoMailbox ? demoMailbox.startLine : mailLine(config.mail));
}

main().catch((error: unknown) => {
  // A failed query's message would carry its parameters (names, emails): never printed.
  console.error(error instanceof ConfigError ? error.message : logSafeMessage(error));
  process.exit(1);
});
