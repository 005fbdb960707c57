import { messages } from '@brigade/core/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isBearerRequest } from './bearer-request';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Which origins are the server's own: PUBLIC_URL's, and when it is unset, whichever address a request was sent to. */
export interface OriginPolicy {
  publicUrl: string;
  /**
   * False when PUBLIC_URL is unset: `publicUrl` is then only the default,
   * http://localhost:$PORT. Omitted, it counts as set (the strict check).
   */
  publicUrlSet?: boolean;
}

/** A Host header as browsers send it: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request was addressed to: its scheme and Host. X-Forwarded-Proto and
 * X-Forwarded-Host count only behind a trusted proxy (TRUST_PROXY), as Fastify's
 * `request.protocol` and `request.host` read them; a Host that is not a plain
 * host[:port] (user info, a path) names no origin.
 */
export function requestOriginOf(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!host || !HOST.test(host)) return undefined;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether `origin` (an Origin header) is the server's own. With PUBLIC_URL set, only its
 * origin is. Unset, the demo is opened at http://127.0.0.1:3000 or at the machine's LAN
 * address (a phone on the same network) as well as at localhost, so the address the
 * request was sent to counts too: a page of another site cannot make a browser send its
 * own origin with our Host (DNS rebinding aside, and a rebound name carries no cookie of ours).
 */
export function isOwnOrigin(origin: string, request: FastifyRequest, { publicUrl, publicUrlSet }: OriginPolicy) {
  if (origin === new URL(publicUrl).origin) return true;
  return publicUrlSet === false && origin === requestOriginOf(request);
}

/**
 * Better Auth's `trustedOrigins` for the same policy: its own CSRF check on sign-in and
 * sign-out accepts what `isOwnOrigin` accepts. The bridge (routes.ts) addresses each
 * request it hands over to `requestOriginOf`, so that is the request's URL's origin.
 */
export function trustedOriginsOf({ publicUrl, publicUrlSet }: OriginPolicy) {
  if (publicUrlSet !== false) return [publicUrl];
  return (request?: Request) => (request ? [publicUrl, new URL(request.url).origin] : [publicUrl]);
}

/**
 * CSRF defence for all of /api, not only Better Auth's /api/auth (which checks Origin
 * itself): a state-changing request whose Origin is not our own (`isOwnOrigin`; `null`
 * included), or that carries no Origin but that the browser marks `Sec-Fetch-Site:
 * cross-site`, is refused with 403 before any handler runs. SameSite=Lax cookies are the
 * first line; this is the second. Every path is checked, not only /api/*, so that no
 * spelling of a path slips past a prefix test (only /api takes unsafe methods anyway).
 * Requests with neither header (curl, scripts) do not come from a browser page and pass,
 * as do requests with an API token (`Authorization: Bearer`), which never read cookies.
 */
export function registerOriginCheck(app: FastifyInstance, policy: OriginPolicy) {
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    // An API token's call (issue 37) carries no cookie of ours: nothing for another site to ride on.
    if (isBearerRequest(request)) return;
    const origin = request.headers.origin;
    const crossSite =
      origin !== undefined ? !isOwnOrigin(origin, request, policy) : request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite) return reply.status(403).send({ message: messages.crossSiteRequest });
  });
}
