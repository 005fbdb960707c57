/**
 * The fake S3 bucket (s3-server.ts) as a process of its own, for tests that point several
 * real server processes at one bucket:
 *
 *   FAKE_S3_PORT=4363 node --import tsx apps/server/test/fakes/serve-s3.ts
 *
 * Settings (environment, all optional): FAKE_S3_PORT (default 0 = a free port),
 * FAKE_S3_HOST (127.0.0.1), FAKE_S3_BUCKET (brigade-videos), FAKE_S3_REGION (us-east-1),
 * FAKE_S3_ACCESS_KEY_ID (AKIAFAKEBRIGADE), FAKE_S3_SECRET_ACCESS_KEY (fake-secret-...).
 * Prints one line, `fake S3 listening at <url> (bucket <name>, region <region>)`, once
 * it accepts requests; give the servers S3_ENDPOINT=<url> and the same bucket, region
 * and keys. Stops on SIGTERM or SIGINT.
 */
import { startFakeS3 } from './s3-server';

const env = process.env;
const s3 = await startFakeS3({
  port: Number(env.FAKE_S3_PORT ?? 0),
  host: env.FAKE_S3_HOST ?? '127.0.0.1',
  bucket: env.FAKE_S3_BUCKET ?? 'brigade-videos',
  region: env.FAKE_S3_REGION ?? 'us-east-1',
  accessKeyId: env.FAKE_S3_ACCESS_KEY_ID ?? 'AKIAFAKEBRIGADE',
  secretAccessKey: env.FAKE_S3_SECRET_ACCESS_KEY ?? 'fake-secret-never-shown-0123456789',
});

console.log(`fake S3 listening at ${s3.url} (bucket ${s3.bucket}, region ${s3.region})`);
const stop = async () => {
  await s3.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
