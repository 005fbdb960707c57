import { messages } from '@brigade/core/messages';
import type { FastifyInstance } from 'fastify';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for all of /api, not only Better Auth's /api/auth (which checks Origin
 * itself): a state-changing request whose Origin is not PUBLIC_URL's (`null` included),
 * or that carries no Origin but that the browser marks `Sec-Fetch-Site: cross-site`, is
 * refused with 403 before any handler runs. SameSite=Lax cookies are the first line;
 * this is the second. Every path is checked, not only /api/*, so that no spelling of a
 * path slips past a prefix test (only /api takes unsafe methods anyway). Requests with
 * neither header (curl, scripts) do not come from a browser page and pass.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const ownOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const crossSite = origin !== undefined ? origin !== ownOrigin : request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite) return reply.status(403).send({ message: messages.crossSiteRequest });
  });
}
