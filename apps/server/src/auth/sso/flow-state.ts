import { and, eq, gt, like, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { verifications } from '../../db/schema/users';

/**
 * What the way back from a provider must match (docs/decisions/040): kept in Better
 * Auth's `verifications` for ten minutes under the state, used once, and tied to the
 * browser that set out by a cookie holding the same state (no login CSRF).
 */
export interface FlowState {
  providerId: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

export const STATE_COOKIE = 'brigade.sso_state';
export const STATE_COOKIE_PATH = '/api/auth/sso';
export const FLOW_MINUTES = 10;

const identifierOf = (state: string) => `sso:${state}`;

export async function saveFlowState(db: Database, state: string, flow: FlowState): Promise<void> {
  // Flows nobody came back from are swept now and then, not on every start.
  if (Math.random() < 1 / 50) {
    await db
      .delete(verifications)
      .where(and(like(verifications.identifier, 'sso:%'), lt(verifications.expiresAt, new Date())));
  }
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: identifierOf(state),
    value: JSON.stringify(flow),
    expiresAt: new Date(Date.now() + FLOW_MINUTES * 60 * 1000),
  });
}

/** The flow of `state`, deleted as it is read: a second use (a replayed callback) finds nothing. */
export async function takeFlowState(db: Database, state: string): Promise<FlowState | undefined> {
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifierOf(state)), gt(verifications.expiresAt, new Date())))
    .returning({ value: verifications.value });
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as FlowState;
  } catch {
    return undefined;
  }
}

export function stateCookie(state: string, secure: boolean): string {
  return [
    `${STATE_COOKIE}=${state}`,
    `Path=${STATE_COOKIE_PATH}`,
    `Max-Age=${FLOW_MINUTES * 60}`,
    'HttpOnly',
    // Lax: sent on the provider's top-level redirect back to us, not on cross-site subrequests.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedStateCookie(secure: boolean): string {
  return [
    `${STATE_COOKIE}=`,
    `Path=${STATE_COOKIE_PATH}`,
    'Max-Age=0',
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function stateCookieOf(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
