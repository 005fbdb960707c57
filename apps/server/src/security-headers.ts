import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every reply. `@fastify/helmet` 13 calls `helmet(options)`
 * on every request, which validates and serialises the whole Content-Security-Policy again
 * each time: 9% of the CPU of a signed-in request in issue 18's profile. Helmet's middleware
 * is built once here, with the same options, and applied in a root `onRequest` hook, which
 * every module inherits.
 */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
}
