import { isLanguage, type Language } from '@brigade/core/languages';
import { messages } from '@brigade/core/messages';
import { PASSWORD_RESET_LINK_MINUTES } from '@brigade/core/schemas/passwords';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, like, sql } from 'drizzle-orm';
import { recordingAuthActivity } from '../activity/auth-activity';
import type { Database } from '../db/database';
import { accounts, sessions, users, verifications } from '../db/schema/users';
import { languageOfHeaders } from '../http/request-language';
import { logSafeMessage } from '../logging';
import { createMailer, type Mailer } from '../mail/mailer';
import { sendQueuedEmail } from '../mail/outbox';
import { passwordResetEmails, queuePasswordResetEmail } from '../mail/password-reset-email';
import { publishSignIn } from '../metrics/events';
import { accountSignInLimit } from './account-sign-in-limit';
import { addressRateLimitStorage } from './address-rate-limit';
import { trustedOriginsOf } from './origin-check';
import { PASSKEY_SIGN_IN_PATH, passkeyPlugin } from './passkeys/plugin';
import { queuedPasswordHashing } from './password-queue';
import { replacingOutdatedHashes } from './password-rehash';
import { ssoPlugin } from './sso/plugin';
import type { SsoDirectory } from './sso/providers';

/** The header our Fastify bridge sets to the client address; clients cannot set it. */
export const CLIENT_IP_HEADER = 'x-brigade-client-ip';

export interface AuthOptions {
  db: Database;
  publicUrl: string;
  /** Whether PUBLIC_URL was set (omitted: set); unset, sign-in and sign-out also trust the address a request was sent to. */
  publicUrlSet?: boolean;
  secret: string;
  signInRateLimit: number;
  sessionDays: number;
  /** Sends reset links; without SMTP (or omitted), POST /api/auth/request-password-reset is refused before Better Auth (routes.ts). */
  mailer?: Mailer;
  /** Single sign-on's providers (issue 36, docs/decisions/040); omitted: none. */
  sso?: SsoDirectory;
}

/**
 * Reset links asked for one email: at most this many emails in the window, whatever the
 * addresses asking (the per-address limit is SIGN_IN_RATE_LIMIT). Beyond it the answer
 * stays the same and no email goes out, so nobody can flood an inbox, and the answer
 * still tells nothing about which emails have an account.
 */
export const PASSWORD_RESET_EMAIL_LIMIT = { max: 3, window: 15 * 60 };

export function createAuth({
  db,
  publicUrl,
  publicUrlSet,
  secret,
  signInRateLimit,
  sessionDays,
  mailer = createMailer(undefined),
  sso,
}: AuthOptions) {
  const accountLimit = accountSignInLimit(db);
  const limits = addressRateLimitStorage(db);
  const auth = betterAuth({
    appName: 'Brigade',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOriginsOf({ publicUrl, publicUrlSet }),
    database: drizzleAdapter(db, {
      provider: 'pg',
      // Our tables are plural (users, sessions, ...); join keys then match the schema's relations.
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    // hq creates every account; nobody signs themselves up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // argon2id, queued to cores − 1; older scrypt hashes verify and are renewed (decision 049).
      password: queuedPasswordHashing({ replaceOutdated: replacingOutdatedHashes(db) }),
      // Forgotten passwords (issue 20, docs/decisions/024): a single-use link for 30 minutes.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_MINUTES * 60,
      // A new password ends every session of the person, wherever it was open.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        // In their language on Profile, else the one the asking browser shows (issue 22).
        const chosen = (user as { language?: unknown }).language;
        const language = isLanguage(chosen) ? chosen : (languageOfHeaders(request?.headers) ?? 'en');
        // Through the outbox (mail/outbox.ts): a mail server that is down now gets it at a
        // later try, while the link still works.
        const id = await queuePasswordResetEmail(db, { userId: user.id, token, language });
        // Tried at once but not awaited: an answer that waited for SMTP would take longer
        // for an existing account than for an unknown email, and so tell which emails have one.
        sendQueuedEmail(db, mailer, publicUrl, passwordResetEmails, id).then(
          (result) => {
            if (result === 'retrying')
              console.error('[auth] a password reset email was not accepted yet: it is retried');
          },
          (error: unknown) =>
            console.error(`[auth] a password reset email was not tried yet: ${logSafeMessage(String(error))}`),
        );
      },
      // They chose their own password: a temporary one set by hq no longer needs changing.
      // Any other link they asked for is void too: one reset per request for links.
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
        await db
          .delete(verifications)
          .where(and(eq(verifications.value, user.id), like(verifications.identifier, 'reset-password:%')));
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'staff', input: false },
        isActive: { type: 'boolean', required: false, defaultValue: true, input: false },
        language: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: sessionDays * 24 * 60 * 60,
      // Renewed while in use: any request after an hour pushes the expiry forward.
      updateAge: 60 * 60,
      // No cookie cache: deactivating a user must end their sessions at once.
      cookieCache: { enabled: false },
    },
    // In the database, so that every server of one chain counts the same requests. The
    // per-address limit is SIGN_IN_RATE_LIMIT sign-ins a minute; the per-account limit
    // (account-sign-in-limit.ts) is the real guard against guessing.
    rateLimit: {
      enabled: true,
      customStorage: addressRateLimitStorage(db),
      window: 60,
      max: 300,
      // Asking for a reset link and using one count like sign-ins (issue 20).
      customRules: {
        '/sign-in/email': { window: 60, max: signInRateLimit },
        '/request-password-reset': { window: 60, max: signInRateLimit },
        '/reset-password': { window: 60, max: signInRateLimit },
        // Passkeys (issue 36): a sign-in like any other.
        [PASSKEY_SIGN_IN_PATH]: { window: 60, max: signInRateLimit },
      },
    },
    advanced: {
      // Explicit, so that the origin (CSRF) check also runs under NODE_ENV=test.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: {
        generateId: () => crypto.randomUUID(),
        // A session and its user in one round trip instead of two, on every request.
        joins: true,
      },
    },
    hooks: {
      // Counted before the password check, so parallel guesses cannot all slip through.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === REQUEST_RESET_PATH) {
          // Counted for every email alike, known or not, before Better Auth looks it up.
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
          const { allowed } = await limits.consume(`password-reset:${email}`, PASSWORD_RESET_EMAIL_LIMIT);
          // Over the limit, or the account is deactivated: the usual answer, and no link made or sent.
          if (!allowed || (await isDeactivated(db, email))) {
            return Response.json({ status: true, message: messages.passwordResetSent });
          }
          return;
        }
        if (ctx.path === RESET_PATH) {
          // A link of an account deactivated since it was sent: void, with the answer any void link gets.
          const token = typeof ctx.body?.token === 'string' ? ctx.body.token : '';
          if (token && (await voidLinkOfDeactivated(db, token))) {
            return Response.json({ message: messages.passwordResetLinkInvalid }, { status: 400 });
          }
          return;
        }
        if (ctx.path !== SIGN_IN_PATH) return;
        // An answer, not a throw: a throw would be logged as an error on every attempt.
        const refused = await accountLimit.attempt(ctx.body?.email, clientAddressOf(ctx.request ?? ctx));
        if (refused) {
          publishSignIn({
            outcome: 'limited',
            limit: refused.reason === 'address' ? 'account-from-address' : 'account-slowed',
          });
          const message = refused.reason === 'address' ? messages.tooManyAccountAttempts : messages.signInSlowedDown;
          return Response.json(
            { message },
            { status: 429, headers: { 'retry-after': String(refused.retryAfterSeconds) } },
          );
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated account cannot start a session, whatever its password. An active
          // one has just signed in (its password checked): its failed attempts are forgiven.
          before: async (session) => {
            if (!(await accountLimit.succeeded(session.userId, session.ipAddress))) {
              publishSignIn({ outcome: 'failed', reason: 'deactivated' });
              throw new APIError('FORBIDDEN', { message: messages.accountDeactivated });
            }
            return { data: session };
          },
          // The language their browser shows now, for their emails while they follow it (issue 22).
          after: async (session, context) => {
            const shown = languageOfHeaders(context?.headers ?? context?.request?.headers);
            if (shown) await rememberBrowserLanguage(db, session.userId, shown);
          },
        },
      },
    },
    // Passkeys (issue 36, docs/decisions/042): signing in with one makes Better Auth's session.
    plugins: [
      // Single sign-on (issue 36, docs/decisions/040): the way back from a provider makes Better Auth's session.
      ...(sso ? [ssoPlugin({ db, directory: sso })] : []),
      passkeyPlugin({ db, origins: { publicUrl, publicUrlSet }, accountLimit, addressOf: clientAddressOf }),
    ],
    // Failures that are not Better Auth's own answers (a database that cannot be reached)
    // go up to Fastify's error handler: a 503 where that is the cause, logged by our
    // logger without query parameters, instead of an empty 500 and a console dump.
    onAPIError: { throw: true },
    telemetry: { enabled: false },
    logger: {
      // Wrong passwords are an everyday event, not a warning worth a log line.
      level: 'error',
      // The message only: Better Auth passes failed queries' parameters (session tokens) as arguments.
      log: (level, message) => console.error(`[auth] ${level}: ${logSafeMessage(message)}`),
    },
  });

  // Better Auth's limiter (per address) answers a generic "Too many requests" with
  // X-Retry-After; on sign-in we say what it means, in the words the web app shows.
  const handler = auth.handler;
  auth.handler = async (request) => {
    const isSignIn = request.method === 'POST' && new URL(request.url).pathname.endsWith(SIGN_IN_PATH);
    const email = isSignIn ? await emailOf(request) : undefined;
    let response: Response;
    try {
      response = await handler(request);
    } catch (error) {
      // A sign-in the server could not answer (the database is down) is nobody's failed
      // attempt: it must not lock the account.
      // Best effort: while the database is down the attempt was most likely never counted.
      if (isSignIn) await accountLimit.forgive(email, clientAddressOf(request)).catch(() => {});
      throw error;
    }
    // Better Auth's one answer to an unknown email or a wrong password.
    if (isSignIn && response.status === 401) publishSignIn({ outcome: 'failed', reason: 'wrong-credentials' });
    const retryAfter = response.headers.get('x-retry-after');
    // A passkey sign-in over the same limit gets the same words (issue 36).
    const isPasskeySignIn = request.method === 'POST' && new URL(request.url).pathname.endsWith(PASSKEY_SIGN_IN_PATH);
    if (response.status !== 429 || !retryAfter || !(isSignIn || isPasskeySignIn)) {
      return response;
    }
    publishSignIn({ outcome: 'limited', limit: 'address' });
    return Response.json(
      { message: messages.tooManyAttempts },
      { status: 429, headers: { 'retry-after': retryAfter, 'x-retry-after': retryAfter } },
    );
  };
  // The activity log (issue 36): password sign-ins and their failures, sign-outs, resets.
  auth.handler = recordingAuthActivity(
    db,
    auth.handler,
    (headers) => auth.api.getSession({ headers }),
    clientAddressOf,
  );
  return auth;
}

const SIGN_IN_PATH = '/sign-in/email';
const REQUEST_RESET_PATH = '/request-password-reset';
const RESET_PATH = '/reset-password';

/** Whether `email` names an account that hq deactivated (one lookup for every email, known or not). */
async function isDeactivated(db: Database, email: string): Promise<boolean> {
  if (!email) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, false)))
    .limit(1);
  return row !== undefined;
}

/** Deletes the reset link `token` if its account is deactivated; true when it did. */
async function voidLinkOfDeactivated(db: Database, token: string): Promise<boolean> {
  const result = (await db.execute(sql`
    delete from verifications v using users u
    where v.identifier = ${`reset-password:${token}`} and u.id = v.value and not u.is_active
    returning v.id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** The client's address as the Fastify bridge (routes.ts) set it: Fastify's `request.ip`, under TRUST_PROXY. */
function clientAddressOf(request: { headers?: Headers }): string {
  return request.headers?.get(CLIENT_IP_HEADER) ?? '';
}

/** The email a sign-in request names, read from a copy so the request stays unread. */
async function emailOf(request: Request): Promise<unknown> {
  try {
    return ((await request.clone().json()) as { email?: unknown } | null)?.email;
  } catch {
    return undefined;
  }
}

export type Auth = ReturnType<typeof createAuth>;

/** Written only when it changed: a sign-in in the same language as the last costs no write. */
async function rememberBrowserLanguage(db: Database, userId: string, language: Language) {
  await db
    .update(users)
    .set({ browserLanguage: language })
    .where(and(eq(users.id, userId), sql`${users.browserLanguage} is distinct from ${language}`));
}
