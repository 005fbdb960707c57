import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { App } from './app-instance';

/** Replies smaller than this go as they are: a packet or two either way. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli quality 4, gzip level 6: on the assignments overview they cost about as much CPU
 * as writing the JSON and take it to a tenth or less; quality 11 costs many times more
 * for a few percent (docs/decisions/015-replies-that-cost-what-they-carry.md).
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

/**
 * Compresses JSON replies over 1 kB with br or gzip, as the client's Accept-Encoding
 * asks (br when both are accepted; nothing for `identity` or no header). Only routes that
 * declare a response schema, i.e. the JSON the reply serializer writes: never a video
 * (byte ranges must stay byte ranges of the file), an auth reply passed through from
 * Better Auth, nor the web app's files, which web.ts serves precompressed at build time.
 * Registered before any route, as its hook decides per route when the route is added.
 */
export async function registerReplyCompression(app: App) {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !route.schema?.response) route.compress = false;
  });
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Our clients never compress request bodies: nothing is inflated past what the body limit meant.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: /^application\/json(;|$)/,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
