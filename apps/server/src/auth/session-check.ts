import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { isLanguage } from '@brigade/core/languages';
import { isRole } from '@brigade/core/roles';
import { parseCookies } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { staffRestaurantAssignments } from '../db/schema/restaurants';
import { sessions, users } from '../db/schema/users';
import { unauthorized } from '../errors';
import type { Auth } from './auth';
import type { SessionUser } from './session-user';

/** The signed-in caller of a request, or 401 (signed out, expired, revoked or deactivated). */
export type SessionCheck = (request: FastifyRequest) => Promise<SessionUser>;

/**
 * The session check every guarded request pays, as one prepared statement: the session by
 * its token, its user, and (for a manager or staff member) their restaurants. Better Auth's
 * `getSession` answered the same question through a web Request, its endpoint pipeline,
 * WebCrypto and two queries, about ten times the cost (docs/decisions/014). Nothing is
 * cached, so sign-out, deactivation and a password change (each deletes or disables rows)
 * end a session on the next request on every server sharing the database.
 *
 * Better Auth stays the one place that signs cookies and renews sessions: this reads its
 * cookie name, secret and session ages from its context, and hands the rare request whose
 * session is due for renewal (once an `updateAge`) to `getSession`, which moves the expiry.
 */
export function createSessionCheck(auth: Auth, db: Database): SessionCheck {
  const lookup = db
    .select({
      token: sessions.token,
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      mustChangePassword: users.mustChangePassword,
      language: users.language,
      // hq reaches every restaurant whatever its assignments, so theirs are not read.
      restaurantIds: sql<
        string[]
      >`array(select ${staffRestaurantAssignments.restaurantId}::text from ${staffRestaurantAssignments} where ${staffRestaurantAssignments.userId} = ${users.id} and ${users.role} <> 'hq')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_check');

  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    // A key object made once: a string secret would be turned into a key on every request.
    key: createSecretKey(Buffer.from(context.secret)),
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  return async (request) => {
    const { cookieName, key, expiresInMs, updateAgeMs } = await settings;
    const header = request.headers.cookie;
    const token = header ? verifiedToken(parseCookies(header).get(cookieName), key) : null;
    if (!token) throw unauthorized();
    const [found] = await lookup.execute({ token });
    if (!found?.isActive || !isRole(found.role)) throw unauthorized();
    const expiresAt = found.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt <= now) throw unauthorized();
    if (expiresAt - expiresInMs + updateAgeMs <= now) {
      // Due for renewal: Better Auth's own rule and write. Deleted or disabled since, it says so.
      if (!(await auth.api.getSession({ headers: fromNodeHeaders(request.headers) }))) throw unauthorized();
    }
    return {
      id: found.id,
      name: found.name,
      email: found.email,
      role: found.role,
      restaurantIds: found.restaurantIds,
      sessionToken: found.token,
      mustChangePassword: found.mustChangePassword,
      language: isLanguage(found.language) ? found.language : null,
    };
  };
}

/**
 * The token of a session cookie whose signature is Better Auth's (HMAC-SHA256 of the token
 * with the auth secret, base64, after the last dot), or null. Node's crypto, not WebCrypto:
 * synchronous and a fraction of the cost for a 32-byte MAC.
 */
function verifiedToken(cookie: string | undefined, key: KeyObject): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', key).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}
