import { messages } from '@brigade/core/messages';
import { PasskeySignIn } from '@brigade/core/schemas/passkeys';
import { PasswordResetStatus, RequestPasswordReset, ResetPassword } from '@brigade/core/schemas/passwords';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { DATABASE_UNAVAILABLE } from '../db/unavailable';
import { badRequest, conflict } from '../errors';
import type { App } from '../http/app-instance';
import type { Mailer } from '../mail/mailer';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { requestOriginOf } from './origin-check';

/**
 * The Better Auth endpoints the app uses, and nothing else: the web app signs in and
 * out through them (who is signed in comes from GET /api/me). Every other path under
 * /api/auth (update-user, change-password, change-email, sign-up, list-sessions, the
 * admin plugin's set-role, ban-user, create-user, impersonate-user, ...) matches no route,
 * so it gets our JSON 404 and never reaches Better Auth: names, emails and passwords
 * change only through PUT /api/profile and the users routes, under their rules.
 */
export const AUTH_ENDPOINTS = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
  // Forgotten passwords (issue 20, docs/decisions/024).
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  // Passkeys (issue 36, docs/decisions/042): the sign-in challenge, and signing in with its answer.
  '/api/auth/passkey/sign-in-options',
  '/api/auth/passkey/sign-in',
] as const;

const REQUEST_RESET = '/api/auth/request-password-reset';
const RESET = '/api/auth/reset-password';

/**
 * The app's rules where Better Auth's are looser or speak other words: a reset request
 * names a valid email (trimmed, lower-cased), a new password follows the app's password
 * rules, with the form's messages (400 with fields, like every other route).
 */
const BODIES: Partial<Record<(typeof AUTH_ENDPOINTS)[number], z.ZodType>> = {
  [REQUEST_RESET]: RequestPasswordReset,
  [RESET]: ResetPassword,
  '/api/auth/passkey/sign-in': PasskeySignIn,
};

/** A sign-in or sign-out body is well under a kilobyte (a password is at most 128 characters). */
const AUTH_BODY_LIMIT = 16 * 1024;

/**
 * Bridges each endpoint of AUTH_ENDPOINTS from Fastify to Better Auth's fetch handler.
 * Better Auth is handed that endpoint's own path, whatever spelling of it Fastify's
 * router matched (a trailing slash, an escaped letter), and no query string: it can
 * route nowhere else. The request is addressed to the origin it was sent to (see
 * `requestOriginOf`), which is what its `trustedOrigins` check compares Origin with when
 * PUBLIC_URL is unset. The client address is set here from the socket (or the trusted
 * proxy), overwriting whatever the client claimed, because sessions and the sign-in
 * rate limiter key on it. Its options are named here rather than picked from `AppContext`,
 * which sits above auth/ (docs/decisions/029).
 */
export async function authRoutes(
  app: App,
  { auth, database, mailer }: { auth: Auth; database: DatabaseHandle; mailer: Mailer },
) {
  // Public: the forgotten-password screen says whether a link can be emailed at all.
  app.get(
    '/api/password-reset',
    {
      schema: {
        tags: ['session'],
        summary: 'Whether a forgotten password can be reset by email (SMTP is configured)',
        response: { 200: PasswordResetStatus },
      },
    },
    async () => ({ byEmail: mailer.configured }),
  );

  for (const path of AUTH_ENDPOINTS) {
    const body = BODIES[path];
    app.post(
      path,
      { schema: { hide: true, ...(body ? { body } : {}) }, bodyLimit: AUTH_BODY_LIMIT },
      async (request, reply) => {
        const origin = requestOriginOf(request);
        if (!origin) throw badRequest('The Host header of this request is not valid.');
        // Without SMTP no link can reach anyone: say so (the same for every email), and
        // create no token nobody will receive.
        if (path === REQUEST_RESET && !mailer.configured) throw conflict(messages.passwordResetByEmailOff);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (value === undefined || name === CLIENT_IP_HEADER) continue;
          headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        headers.set(CLIENT_IP_HEADER, request.ip);
        const response = await auth.handler(
          new Request(new URL(path, origin), {
            method: 'POST',
            headers,
            body:
              request.body !== undefined
                ? jsonOf(path === SIGN_IN ? withTrimmedEmail(request.body) : request.body)
                : undefined,
          }),
        );
        // Better Auth answers its own failures with an empty 500; when the cause is a
        // database that cannot be reached, say so as every other route does.
        if (response.status >= 500 && !(await isReachable(database))) {
          return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
        }
        const ownAnswer = ownAnswerTo(path, response.status);
        reply.status(response.status);
        for (const [name, value] of response.headers) {
          if (name === 'set-cookie' || (ownAnswer && name === 'content-length')) continue;
          reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        if (ownAnswer) {
          const retryAfter = response.headers.get('x-retry-after');
          if (retryAfter) reply.header('retry-after', retryAfter);
          await response.body?.cancel();
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(ownAnswer));
        }
        return reply.send(response.body ? await response.text() : null);
      },
    );
  }
}

const SIGN_IN = '/api/auth/sign-in/email';

/**
 * Better Auth's answers on the reset endpoints in the app's words: the one answer to a
 * reset request whatever the email, "too many" as the web shows it, and one message
 * for a link that is unknown, used or expired (Better Auth says "Invalid token").
 */
function ownAnswerTo(path: string, status: number): object | null {
  if (path !== REQUEST_RESET && path !== RESET) return null;
  if (status === 429) return { message: messages.tooManyRequests };
  if (path === REQUEST_RESET && status === 200) return { status: true, message: messages.passwordResetSent };
  if (path === RESET && status === 400) return { message: messages.passwordResetLinkInvalid };
  return null;
}

/**
 * Emails are stored trimmed (and lower-cased, which Better Auth matches regardless of
 * case); an email typed with surrounding spaces names the same account.
 */
function withTrimmedEmail(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { email } = body as { email?: unknown };
  return typeof email === 'string' ? { ...body, email: email.trim() } : body;
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
