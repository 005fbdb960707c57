import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { OpsError, refuseForPostgres, restore } from './backup';
import { fromCallerDir, megabytes, runCli } from './cli';

/** `npm run restore <file>`: a backup of `npm run backup` into an empty DATA_DIR. */
runCli(async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1 || !positionals[0]) throw new OpsError('Usage: npm run restore <file>');
  const config = readConfig();
  if (config.databaseUrl) refuseForPostgres('restore');
  const summary = await restore(fromCallerDir(positionals[0]), config.dataDir);
  console.log(
    `Restored the embedded database (${megabytes(summary.databaseBytes)}, ${summary.migrations} migrations) and ` +
      `${summary.uploads.count} uploaded file(s) (${megabytes(summary.uploads.bytes)}) into ${config.dataDir} ` +
      `in ${(summary.milliseconds / 1000).toFixed(1)} s. Start the server with npm start.`,
  );
});
