import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import { freePort, ServerProcess } from './server-process';
import { callServer, signInAt } from './two-servers';

/**
 * The compiled server (decision 034): `apps/server/build.mjs` builds a copy into a scratch
 * tree laid out as the repository is (<tree>/apps/server/dist beside <tree>/apps/web/dist),
 * and `node <tree>/apps/server/dist/main.js --demo` runs from another working directory,
 * without tsx: the files it finds beside itself (migrations, demo photos and videos, the
 * web build, the photo worker, the PDF fonts) are found from dist. On the PostgreSQL leg
 * the server runs on a scratch PostgreSQL database, on the PGlite leg on its embedded one.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const DEMO_PASSWORD = 'demo1234';
const WEB_PAGE = '<!doctype html><title>The web build beside the compiled server</title>';

let tree: string;
let dist: string;
let server: ServerProcess;
let scratch: ScratchDatabase | undefined;

beforeAll(async () => {
  fs.mkdirSync(path.join(root, '.scratch'), { recursive: true });
  // Inside the repository, so that the bundle's imports resolve from its node_modules.
  tree = fs.mkdtempSync(path.join(root, '.scratch', 'compiled-server-'));
  dist = path.join(tree, 'apps/server/dist');
  await run(process.execPath, ['apps/server/build.mjs', '--outdir', dist], { cwd: root });
  fs.mkdirSync(path.join(tree, 'apps/web/dist'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'apps/web/dist/index.html'), WEB_PAGE);
  if (onPostgres) scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_compiled');
  server = new ServerProcess(await freePort(), scratch ? { DATABASE_URL: scratch.url } : {}, ['--demo'], {
    nodeArgs: [path.join(dist, 'main.js')],
    cwd: os.tmpdir(),
  });
  // Generous: a demo start on PGlite takes most of a minute on a busy 2-core machine.
  await server.ready(300_000);
}, 360_000);

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
});

describe('the compiled server', () => {
  test('is plain JavaScript that imports neither tsx nor TypeScript sources', () => {
    const files = fs.readdirSync(dist).filter((file) => /\.m?js$/.test(file));
    expect(files).toEqual(expect.arrayContaining(['main.js', 'photo-worker.mjs', 'backup-cli.js', 'restore-cli.js']));
    for (const file of files) {
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      expect(code, file).not.toMatch(/from\s*["']tsx|import\(\s*["']tsx|\.ts["']/);
    }
    expect(server.child.spawnargs.join(' ')).not.toContain('tsx');
  });

  test('every module that reads files beside its code is one the build copies them for', () => {
    // A new one: copy its files in ASSETS (build.mjs), check the path from dist/, list it here.
    const known = ['db/client.ts', 'demo/demo-checklists.ts', 'demo/demo-photos.ts', 'demo/load-demo.ts', 'web.ts'];
    const sources = path.join(root, 'apps/server/src');
    const readers = fs
      .readdirSync(sources, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => fs.readFileSync(path.join(sources, file), 'utf8').includes('import.meta.dirname'));
    expect(readers.map((file) => file.split(path.sep).join('/')).sort()).toEqual(known);
    for (const folder of ['migrations', 'photos', 'videos'])
      expect(fs.readdirSync(path.join(dist, folder))).not.toEqual([]);
  });

  test('starts from another directory, migrates, loads the demo and serves the web build beside it', async () => {
    expect(server.output()).toContain('Demo chain loaded');
    expect(server.output()).toContain('Brigade is running');
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(WEB_PAGE);
  });

  test('signs in, decodes an uploaded photo in its worker thread, and writes a PDF with its fonts', async () => {
    const cookie = await signInAt(server, 'hq@example.com', DEMO_PASSWORD);
    const drafts = await callServer(server, 'GET', '/api/audits?status=draft', cookie);
    expect(drafts.status).toBe(200);
    const draft = await callServer(server, 'GET', `/api/audits/${drafts.json.items[0].id}`, cookie);
    const form = new FormData();
    const jpeg = fs.readFileSync(path.join(root, 'apps/server/src/demo/photos/floor-spill.jpg'));
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'floor.jpg');
    const uploaded = await fetch(`${server.url}/api/audits/${draft.json.id}/items/${draft.json.items[0].id}/photos`, {
      method: 'POST',
      headers: { origin: server.url, cookie },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const photo = (await uploaded.json()) as { thumbUrl: string };
    const thumb = await fetch(`${server.url}${photo.thumbUrl}`, { headers: { cookie } });
    expect(thumb.status).toBe(200);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
    });

    const completed = await callServer(server, 'GET', '/api/audits?status=completed', cookie);
    const report = await fetch(`${server.url}/api/audits/${completed.json.items[0].id}/report.pdf`, {
      headers: { cookie },
    });
    expect(report.status).toBe(200);
    const pdf = Buffer.from(await report.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toContain('DejaVuSans');
  });

  // The backup is of the embedded database (PostgreSQL has its own tools).
  test.skipIf(onPostgres)('its backup command runs compiled on the stopped server’s data directory', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const file = path.join(tree, 'backup.tar.gz');
    const { stdout } = await run(process.execPath, [path.join(dist, 'backup-cli.js'), file], {
      cwd: os.tmpdir(),
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', S3_ENDPOINT: '', INIT_CWD: os.tmpdir() },
    });
    expect(stdout).toContain('Backed up the embedded database');
    expect(fs.statSync(file).size).toBeGreaterThan(0);
  });
});
