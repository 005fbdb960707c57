import type { App, AppContext } from '../context';
import { CLIENT_IP_HEADER } from './auth';

/**
 * Better Auth's own endpoints (sign-in, sign-out, session) under /api/auth, bridged
 * from Fastify to its fetch handler. The client address is set here from the socket
 * (or the trusted proxy), overwriting whatever the client claimed, because sessions
 * and the sign-in rate limiter key on it.
 */
export function authRoutes(app: App, { auth }: AppContext) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
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
          body: request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined,
        }),
      );
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
