import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { backup, defaultBackupName, OpsError, refuseForPostgres } from './backup';
import { fromCallerDir, megabytes, runCli } from './cli';

/** `npm run backup [file]`: the embedded database and uploaded files of DATA_DIR in one .tar.gz. */
runCli(async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length > 1) throw new OpsError('Usage: npm run backup [file]');
  const config = readConfig();
  if (config.databaseUrl) refuseForPostgres('backup');
  const file = fromCallerDir(positionals[0] ?? defaultBackupName());
  const summary = await backup(config.dataDir, file);
  console.log(
    `Backed up the embedded database (${megabytes(summary.databaseBytes)}) and ${summary.uploads.count} uploaded ` +
      `file(s) (${megabytes(summary.uploads.bytes)}) of ${config.dataDir} to ${summary.file} ` +
      `(${megabytes(summary.bytes)}) in ${(summary.milliseconds / 1000).toFixed(1)} s.`,
  );
  if (config.s3) {
    console.log('Uploaded files are kept in the S3 bucket (S3_* settings): back the bucket up separately.');
  }
  if (summary.skipped.length > 0) {
    console.log(`Left out of DATA_DIR/uploads, not Brigade's: ${summary.skipped.join(', ')}`);
  }
  if (config.authSecret) {
    console.log('BETTER_AUTH_SECRET is set in the environment, not in DATA_DIR: keep it with the backup.');
  }
  console.log('The backup holds password hashes and sessions: store it as carefully as the server.');
});
