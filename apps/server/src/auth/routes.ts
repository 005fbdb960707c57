import type { App, AppContext } from '../context';
import type { DatabaseHandle } from '../db/client';
import { DATABASE_UNAVAILABLE } from '../db/unavailable';
import { badRequest, notFound } from '../errors';
import { CLIENT_IP_HEADER } from './auth';
import { requestOriginOf } from './origin-check';

/**
 * Better Auth's own endpoints (sign-in, sign-out, session) under /api/auth, bridged
 * from Fastify to its fetch handler. The client address is set here from the socket
 * (or the trusted proxy), overwriting whatever the client claimed, because sessions
 * and the sign-in rate limiter key on it.
 */
export function authRoutes(app: App, { auth, database }: AppContext) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      // Addressed to the origin it was sent to: what Better Auth's trustedOrigins compares
      // Origin with when PUBLIC_URL is unset (origin-check.ts).
      const origin = requestOriginOf(request);
      if (!origin) throw badRequest('The Host header of this request is not valid.');
      const url = new URL(request.url, origin);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === CLIENT_IP_HEADER) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      headers.set(CLIENT_IP_HEADER, request.ip);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: request.method === 'POST' && request.body !== undefined ? jsonOf(request.body) : undefined,
        }),
      );
      // Better Auth answers a path it does not know with an empty 404.
      if (response.status === 404 && !response.body) {
        throw notFound(`No such endpoint: ${request.method} ${url.pathname}`);
      }
      // Better Auth answers its own failures with an empty 500; when the cause is a
      // database that cannot be reached, say so as every other route does.
      if (response.status >= 500 && !(await isReachable(database))) {
        return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
      }
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}

/** The body again as JSON; one nested too deeply to write back (thousands of levels) is refused. */
function jsonOf(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (error instanceof RangeError) throw badRequest('The request body is nested too deeply.');
    throw error;
  }
}

async function isReachable(database: DatabaseHandle): Promise<boolean> {
  try {
    await database.ping();
    return true;
  } catch {
    return false;
  }
}
