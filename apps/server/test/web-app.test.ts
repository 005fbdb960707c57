import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { startWebApp } from './harness';

/** A built web app as Vite writes it: fingerprinted assets with .br and .gz beside them. */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-web-'));
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
  fs.writeFileSync(path.join(webRoot, file), content);
  fs.writeFileSync(path.join(webRoot, `${file}.br`), brotliCompressSync(content));
  fs.writeFileSync(path.join(webRoot, `${file}.gz`), gzipSync(content));
};
write('index.html', '<!doctype html><title>Brigade</title><script src="/assets/app-abc123.js"></script>');
write('assets/app-abc123.js', `console.log(${JSON.stringify('x'.repeat(2000))});`);
// The service worker and the web app manifest (vite-plugin-pwa writes them without .br/.gz).
fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
fs.writeFileSync(path.join(webRoot, 'manifest.webmanifest'), JSON.stringify({ name: 'Brigade', start_url: '/' }));

const app = await startWebApp(webRoot);

test('assets are sent precompressed and cached for good', async () => {
  const brotli = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotli.rawPayload.length).toBe(fs.statSync(path.join(webRoot, 'assets/app-abc123.js.br')).size);
  const gzip = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  const plain = await app.inject({ url: '/assets/app-abc123.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toContain('console.log');
});

test('every page address gets index.html, compressed and never cached', async () => {
  for (const url of ['/', '/dashboard-staff', '/staff-management?page=2']) {
    const page = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect([url, page.statusCode, page.headers['content-encoding'], page.headers['cache-control']]).toEqual([
      url,
      200,
      'br',
      'no-cache',
    ]);
  }
});

test('the service worker, the manifest and index.html are asked for again every time, not cached', async () => {
  const worker = await app.inject({ url: '/sw.js' });
  expect([worker.statusCode, worker.headers['cache-control']]).toEqual([200, 'no-cache']);
  expect(worker.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
  const manifest = await app.inject({ url: '/manifest.webmanifest' });
  expect([manifest.statusCode, manifest.headers['cache-control']]).toEqual([200, 'no-cache']);
  expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  expect(manifest.json()).toMatchObject({ name: 'Brigade' });
  // The worker's precache asks for index.html by name (with its revision in the query).
  const index = await app.inject({ url: '/index.html?__WB_REVISION__=1' });
  expect([index.statusCode, index.headers['cache-control']]).toEqual([200, 'no-cache']);
});
