import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { recordActivity } from './record';

/** A Better Auth handler: a web request in, a web response out. */
type AuthHandler = (request: Request) => Promise<Response>;
type SessionOf = (headers: Headers) => Promise<{ user: { id: string; name: string } } | null>;

const SIGN_IN = '/sign-in/email';
const SIGN_OUT = '/sign-out';
const RESET = '/reset-password';

/**
 * Records password sign-ins (success and failure, with the email tried), sign-outs and
 * password resets in the activity log (issue 36), around Better Auth's handler: its
 * own writes (the session, the new password) are made through its adapter, outside our
 * transactions, so each entry is written right after the answer that confirms the change
 * (decision 043). Sign-ins by passkey or SSO are recorded by their plugins. The address
 * and user agent are the Fastify request's (request-context.ts), else the bridge's header.
 */
export function recordingAuthActivity(
  db: Database,
  handler: AuthHandler,
  sessionOf: SessionOf,
  addressOf: (request: Request) => string,
): AuthHandler {
  return async (request) => {
    const path = request.method === 'POST' ? new URL(request.url).pathname : '';
    const context = { address: addressOf(request) || undefined };
    if (path.endsWith(SIGN_IN)) {
      const email = await bodyField(request, 'email');
      let response: Response;
      try {
        response = await handler(request);
      } catch (error) {
        if (statusOf(error) === 403) await recordSignInFailure(db, email, refusalOf(codeOf(error)), context);
        throw error;
      }
      if (response.ok) {
        const user = (await bodyOf(response))?.user as { id?: unknown; name?: unknown } | undefined;
        if (typeof user?.id === 'string') {
          await recordActivity(db, {
            kind: 'auth.signIn',
            actorId: user.id,
            objectType: 'user',
            objectId: user.id,
            objectLabel: typeof user.name === 'string' ? user.name : null,
            details: { method: 'password' },
            ...context,
          });
        }
      } else if (response.status === 401 || response.status === 403) {
        const reason = response.status === 401 ? 'wrong-credentials' : refusalOf((await bodyOf(response))?.code);
        await recordSignInFailure(db, email, reason, context);
      }
      return response;
    }
    if (path.endsWith(SIGN_OUT)) {
      const session = await sessionOf(request.headers).catch(() => null);
      const response = await handler(request);
      if (response.ok && session) {
        await recordActivity(db, {
          kind: 'auth.signOut',
          actorId: session.user.id,
          objectType: 'user',
          objectId: session.user.id,
          objectLabel: session.user.name,
          ...context,
        });
      }
      return response;
    }
    if (path.endsWith(RESET)) {
      const token = await bodyField(request, 'token');
      // The link names its person until it is used: read who before it goes.
      const person = typeof token === 'string' && token ? await personOfResetLink(db, token) : undefined;
      const response = await handler(request);
      if (response.ok && person) {
        await recordActivity(db, {
          kind: 'auth.passwordReset',
          actorId: person.id,
          objectType: 'user',
          objectId: person.id,
          objectLabel: person.name,
          details: { how: 'emailLink' },
          ...context,
        });
      }
      return response;
    }
    return handler(request);
  };
}

async function recordSignInFailure(db: Database, email: unknown, reason: string, context: { address?: string }) {
  await recordActivity(db, {
    kind: 'auth.signInFailed',
    actorId: null,
    actorLabel: typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : null,
    details: { method: 'password', reason },
    ...context,
  });
}

async function personOfResetLink(db: Database, token: string) {
  const { rows } = (await db.execute(sql`
    select u.id, u.name from verifications v join users u on u.id = v.value
    where v.identifier = ${`reset-password:${token}`}`)) as unknown as { rows: { id: string; name: string }[] };
  return rows[0];
}

/** A field of a JSON request body, read from a copy so the request stays unread. */
async function bodyField(request: Request, field: string): Promise<unknown> {
  try {
    return ((await request.clone().json()) as Record<string, unknown> | null)?.[field];
  } catch {
    return undefined;
  }
}

async function bodyOf(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    return (await response.clone().json()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Why a sign-in was refused with 403: SSO switched passwords off for the domain, else the account is deactivated. */
function refusalOf(code: unknown): string {
  return code === 'PASSWORD_SIGN_IN_OFF' ? 'passwordSignInOff' : 'deactivated';
}

function codeOf(error: unknown): unknown {
  return (error as { body?: { code?: unknown } })?.body?.code;
}

function statusOf(error: unknown): number | undefined {
  const candidate = error as { statusCode?: unknown; status?: unknown };
  if (typeof candidate?.statusCode === 'number') return candidate.statusCode;
  return candidate?.status === 'FORBIDDEN' ? 403 : undefined;
}
