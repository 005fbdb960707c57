import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors';
import type { App } from './http/app-instance';

export const defaultWebRoot = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * Files with a fixed name that change with each release (issue 34): the service worker,
 * which finds a new release by fetching itself again, the web app manifest, and index.html
 * (which its precache asks for by name). Checked with the server on every use (their ETag
 * answers 304 when unchanged), never taken from a browser's or a proxy's cache unasked.
 */
const ASKED_AGAIN_EVERY_TIME = new Set(['sw.js', 'manifest.webmanifest', 'index.html']);

/**
 * Serves the built web app with history fallback: any non-API path that is not a file
 * gets index.html, and the client-side router takes it from there. API paths that
 * match nothing get a JSON 404.
 */
export async function serveWebApp(app: App, webRoot: string | null) {
  const hasBuild = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite-plugin-compression2).
      preCompressed: true,
      // Otherwise send's own `max-age=0` replaces the cache-control set below.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (ASKED_AGAIN_EVERY_TIME.has(path.basename(filePath))) {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET') {
      throw notFound(`No such endpoint: ${request.method} ${pathname}`);
    }
    if (!hasBuild) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` first.');
    }
    if (path.extname(pathname)) throw notFound('File not found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
