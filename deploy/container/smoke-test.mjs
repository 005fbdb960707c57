// The image's smoke test (decision 037), run by smoke-test.sh on the host:
//
//   node --import tsx deploy/container/smoke-test.mjs IMAGE [podman options...]
//
// Starts the project's fake S3 bucket (apps/server/test/fakes/s3-server.ts) on the host,
// since no MinIO image can be pulled here, then the image with `--demo`, on the host's
// network so that both talk over 127.0.0.1 only, and with a read-only root file system
// (as the Kubernetes manifests run it), and checks as an operator would: the
// HEALTHCHECK passes, hq signs in, a photo uploaded through the server lands in the bucket
// (and not in DATA_DIR) and its thumbnail comes back decoded by sharp, a PDF report embeds
// its DejaVu fonts, /metrics answers 401 without the token and Prometheus text with it, the
// server runs as a user that is not root, and `podman stop` ends it cleanly.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { startFakeS3 } from '../../apps/server/test/fakes/s3-server.ts';

const run = promisify(execFile);
const [image, ...podmanOptions] = process.argv.slice(2);
if (!image) throw new Error('usage: smoke-test.mjs IMAGE [podman options...]');
const root = path.resolve(import.meta.dirname, '../..');
// Global podman options (--runtime) come first, the rest belong to `podman run`.
const globalOptions = [];
const runOptions = [];
for (let i = 0; i < podmanOptions.length; i++) {
  if (podmanOptions[i] === '--runtime') globalOptions.push(podmanOptions[i], podmanOptions[++i]);
  else runOptions.push(podmanOptions[i]);
}
const podman = (...args) => run('podman', [...globalOptions, ...args], { maxBuffer: 16 * 1024 * 1024 });

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
  if (!ok) throw new Error(`smoke test failed: ${name}${detail ? ` (${detail})` : ''}`);
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const name = `brigade-smoke-${process.pid}`;
const volume = `${name}-data`;
const metricsToken = crypto.randomBytes(24).toString('hex');
const secretKey = crypto.randomBytes(24).toString('hex');
const s3 = await startFakeS3({
  bucket: 'brigade-smoke',
  region: 'us-east-1',
  accessKeyId: 'AKIASMOKETEST',
  secretAccessKey: secretKey,
  host: '127.0.0.1',
});

let failed = false;
try {
  const started = performance.now();
  await podman(
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    '--volume',
    `${volume}:/data`,
    // As the Kubernetes manifests run it: nothing but DATA_DIR and /tmp is written.
    '--read-only',
    '--tmpfs',
    '/tmp',
    ...runOptions,
    '--env',
    `PORT=${port}`,
    '--env',
    'HOST=127.0.0.1',
    '--env',
    `PUBLIC_URL=${url}`,
    '--env',
    `BETTER_AUTH_SECRET=${crypto.randomBytes(32).toString('base64')}`,
    '--env',
    `S3_ENDPOINT=${s3.url}`,
    '--env',
    `S3_BUCKET=${s3.bucket}`,
    '--env',
    `S3_REGION=${s3.region}`,
    '--env',
    'S3_ACCESS_KEY_ID=AKIASMOKETEST',
    '--env',
    `S3_SECRET_ACCESS_KEY=${secretKey}`,
    '--env',
    `METRICS_TOKEN=${metricsToken}`,
    image,
    'node',
    'apps/server/dist/main.js',
    '--demo',
  );
  const ready = await waitForLive(`${url}/api/health/live`, 180_000);
  check(
    'the server answers /api/health/live',
    ready,
    `${((performance.now() - started) / 1000).toFixed(1)} s after podman run, demo chain loaded`,
  );
  const logs = (await podman('logs', name)).stdout;
  check(
    'it starts compiled, on PGlite in /data, with the bucket',
    logs.includes('embedded PGlite in /data') && logs.includes(`S3 bucket "${s3.bucket}"`),
    `${firstLine(logs, 'Brigade is running')}; ${firstLine(logs, 'Uploaded files')}`,
  );

  const health = await podman('healthcheck', 'run', name).then(
    () => 'healthy',
    (error) => `unhealthy: ${error.stderr || error.message}`,
  );
  check("the image's HEALTHCHECK passes (podman healthcheck run)", health === 'healthy', health);

  const user = (await podman('exec', name, 'id', '-u')).stdout.trim();
  check('the server runs as a user that is not root', user !== '0' && user !== '', `uid ${user}`);

  const cookie = await signIn('hq@example.com', 'demo1234');
  check('hq signs in', Boolean(cookie));

  const keysBefore = s3.objectKeys().length;
  const drafts = await call('GET', '/api/audits?status=draft', cookie);
  const draft = await call('GET', `/api/audits/${drafts.items[0].id}`, cookie);
  const form = new FormData();
  const jpeg = fs.readFileSync(path.join(root, 'apps/server/src/demo/photos/floor-spill.jpg'));
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'floor.jpg');
  const uploaded = await fetch(`${url}/api/audits/${draft.id}/items/${draft.items[0].id}/photos`, {
    method: 'POST',
    headers: { origin: url, cookie },
    body: form,
  });
  check('a photo uploads', uploaded.status === 201, `HTTP ${uploaded.status}`);
  const photo = await uploaded.json();
  const newKeys = s3.objectKeys().length - keysBefore;
  check('the photo is stored in the S3 bucket', newKeys > 0, `${newKeys} new objects in ${s3.bucket}`);
  const uploadsOnDisk = (await podman('exec', name, 'sh', '-c', 'ls /data/uploads 2>/dev/null | wc -l')).stdout.trim();
  check('nothing uploaded is kept in DATA_DIR', uploadsOnDisk === '0', `/data/uploads entries: ${uploadsOnDisk}`);
  const thumb = await fetch(new URL(photo.thumbUrl, url), { headers: { cookie } });
  const thumbBytes = Buffer.from(await thumb.arrayBuffer());
  const width = jpegWidth(thumbBytes);
  check(
    'its thumbnail, made by sharp in the photo worker, reads back',
    thumb.status === 200 && width === 320,
    `HTTP ${thumb.status}, JPEG ${width} px wide`,
  );

  const completed = await call('GET', '/api/audits?status=completed', cookie);
  const report = await fetch(`${url}/api/audits/${completed.items[0].id}/report.pdf`, { headers: { cookie } });
  const pdf = Buffer.from(await report.arrayBuffer()).toString('latin1');
  check(
    'a PDF report embeds its DejaVu fonts',
    report.status === 200 && pdf.startsWith('%PDF') && pdf.includes('DejaVuSans'),
    `${pdf.length} bytes`,
  );

  const refused = await fetch(`${url}/metrics`);
  check('/metrics without the token is refused', refused.status === 401, `HTTP ${refused.status}`);
  const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await metrics.text();
  const series = [
    'brigade_http_request_duration_seconds_count',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
  ];
  const missing = series.filter((s) => !text.includes(s));
  check(
    '/metrics with the token answers Prometheus text',
    metrics.status === 200 && missing.length === 0,
    missing.length
      ? `missing ${missing.join(', ')}`
      : `${text.split('\n').filter((l) => l && !l.startsWith('#')).length} samples`,
  );
  const rss = Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? 0);
  console.log(`     resident memory after the demo load and these requests: ${(rss / 1024 / 1024).toFixed(0)} MB`);

  const stopping = performance.now();
  await podman('stop', '--time', '20', name);
  const exitCode = (await podman('inspect', '--format', '{{.State.ExitCode}}', name)).stdout.trim();
  check(
    'podman stop ends it cleanly (SIGTERM)',
    exitCode === '0',
    `exit ${exitCode} in ${((performance.now() - stopping) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  const logs = await podman('logs', '--tail', '40', name).catch(() => ({ stdout: '', stderr: '' }));
  console.error(`--- the container's last lines ---\n${logs.stdout}${logs.stderr}`);
} finally {
  await podman('rm', '--force', name).catch(() => {});
  await podman('volume', 'rm', '--force', volume).catch(() => {});
  await s3.close();
}

const passed = results.filter((r) => r.ok).length;
console.log(`${passed} passed, ${results.length - passed + (failed && results.every((r) => r.ok) ? 1 : 0)} failed`);
process.exit(failed ? 1 : 0);

async function signIn(email, password) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(method, route, cookie) {
  const response = await fetch(`${url}${route}`, { method, headers: { origin: url, cookie } });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}`);
  return response.json();
}

async function waitForLive(target, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(target).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    const state = (await podman('inspect', '--format', '{{.State.Status}}', name)).stdout.trim();
    if (state === 'exited') return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
}

/** The width in a JPEG's first start-of-frame marker. */
function jpegWidth(bytes) {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 0;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return 0;
    const marker = bytes[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return bytes.readUInt16BE(at + 7);
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return 0;
}

function firstLine(text, containing) {
  return text.split('\n').find((line) => line.includes(containing)) ?? '';
}
