import { createHash } from 'node:crypto';
import { isLanguage } from '@brigade/core/languages';
import { messages } from '@brigade/core/messages';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { apiTokens } from '../db/schema/api-tokens';
import { rateLimits } from '../db/schema/sign-in-limits';
import { users } from '../db/schema/users';
import { HttpError, unauthorized } from '../errors';
import { isBearerRequest } from './bearer-request';
import type { SessionCheck } from './session-check';
import type { SessionUser } from './session-user';

/** A recognisable prefix (secret scanners and people tell an API token apart), then 256 random bits. */
export const API_TOKEN_PREFIX = 'brg_';
/** Longest header value looked up at all: a real token is `brg_` and 43 characters. */
const LONGEST_TOKEN = 200;
/** The window of the per-token rate limit (API_TOKEN_RATE_LIMIT calls per window). */
const RATE_WINDOW_MS = 60_000;
/** `last_used_at` is written at most this often per token, not on every call. */
const LAST_USED_EVERY_MS = 60_000;
/** Expired counters are swept on roughly one request in this many. */
const SWEEP_EVERY = 500;

/** RFC 6750: a refused bearer token is told which scheme the API wants. */
const tokenRefused = () =>
  new HttpError(401, messages.apiTokenInvalid, undefined, undefined, { 'www-authenticate': 'Bearer realm="Brigade"' });

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

function tokenOf(request: FastifyRequest): string | null {
  const match = request.headers.authorization?.match(/^bearer\s+(\S+)\s*$/i);
  const token = match?.[1];
  if (!token || token.length > LONGEST_TOKEN || !token.startsWith(API_TOKEN_PREFIX)) return null;
  return token;
}

export interface ApiTokenCheckOptions {
  /** Calls a token may make per minute, counted across every server (API_TOKEN_RATE_LIMIT). */
  rateLimit: number;
}

/**
 * The caller of a request made with an API token: its hq creator, with the token's scopes
 * (the guard checks them), or 401 when the token is unknown, revoked or expired, or its
 * creator is no longer an active hq. Read from the database on every request, no cache,
 * so revoking is effective at once on every server. Then the per-token rate limit (429
 * with Retry-After), one statement on the `rate_limits` table every server shares.
 */
export function createApiTokenCheck(db: Database, { rateLimit }: ApiTokenCheckOptions): SessionCheck {
  const lookup = db
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('hash')),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
        eq(users.isActive, true),
        eq(users.role, 'hq'),
      ),
    )
    .prepare('api_token_check');

  return async (request) => {
    const token = tokenOf(request);
    if (!token) throw tokenRefused();
    const [found] = await lookup.execute({ hash: hashApiToken(token) });
    if (!found) throw tokenRefused();
    await consumeRateLimit(db, found.tokenId, rateLimit);
    if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      await noteLastUse(db, found.tokenId, request.ip ?? null);
    }
    const user: SessionUser = {
      id: found.id,
      name: found.name,
      email: found.email,
      role: 'hq',
      restaurantIds: [],
      // No session: nothing a service keeps "except this session" is kept for a token.
      sessionToken: '',
      mustChangePassword: false,
      language: isLanguage(found.language) ? found.language : null,
      apiToken: { id: found.tokenId, name: found.tokenName, scopes: found.scopes },
    };
    return user;
  };
}

/**
 * Counts one call of the token in the current fixed window (one minute from its first
 * call), under the row's lock, in one statement shared by every server; the clock is the
 * database's. Over the limit: 429 with the seconds until the window ends.
 */
async function consumeRateLimit(db: Database, tokenId: string, max: number): Promise<void> {
  const key = `api-token:${tokenId}`;
  const now = sql`(extract(epoch from now()) * 1000)::bigint`;
  const windowOver = sql`${rateLimits.lastRequest} <= ${now} - ${RATE_WINDOW_MS}`;
  // `last_request` holds when the window began.
  const [row] = await db
    .insert(rateLimits)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.id,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${windowOver} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterMs: sql<number>`${rateLimits.lastRequest} + ${RATE_WINDOW_MS} - ${now}`,
    });
  if (Math.random() * SWEEP_EVERY < 1) {
    await db.delete(rateLimits).where(sql`${rateLimits.lastRequest} < ${now} - ${60 * 60 * 1000}`);
  }
  if (!row || row.count <= max) return;
  const retryAfter = Math.max(1, Math.ceil(Number(row.retryAfterMs) / 1000));
  throw new HttpError(429, messages.tooManyRequests, undefined, undefined, { 'retry-after': String(retryAfter) });
}

/** Notes when and from where the token was last used, once a minute at most (another server may have just done it). */
async function noteLastUse(db: Database, tokenId: string, address: string | null): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()`, lastUsedAddress: address })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), sql`${apiTokens.lastUsedAt} < now() - interval '1 minute'`),
      ),
    );
}

/**
 * The caller check of every guarded route: a request with a bearer token is the token's
 * (its cookies ignored), any other the session cookie's.
 */
export function createCallerCheck(sessionCheck: SessionCheck, apiTokenCheck: SessionCheck): SessionCheck {
  return (request) => (isBearerRequest(request) ? apiTokenCheck(request) : sessionCheck(request));
}

/** The web's session question (`GET /api/session`) is a browser's: a token request has no session. */
export function cookieOnly(sessionCheck: SessionCheck): SessionCheck {
  return async (request) => {
    if (isBearerRequest(request)) throw unauthorized();
    return sessionCheck(request);
  };
}

/** A token request is never answered with a cookie, whatever a route or library sets. */
export function registerNoCookiesForTokens(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isBearerRequest(request)) reply.removeHeader('set-cookie');
    return payload;
  });
}
