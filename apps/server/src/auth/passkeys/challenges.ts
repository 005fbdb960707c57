import { randomUUID } from 'node:crypto';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { verifications } from '../../db/schema/users';

/** How long a passkey ceremony may take, from its options to the browser's answer. */
export const CHALLENGE_SECONDS = 5 * 60;

export type CeremonyPurpose = 'passkey-registration' | 'passkey-sign-in';

/**
 * Keeps a ceremony's challenge in Better Auth's `verifications` table, keyed by the
 * challenge itself, so any server of the chain can check the answer, whichever one gave
 * the options. `value` is whose it is (the person adding a passkey; '' for a sign-in).
 */
export async function storeChallenge(db: Database, purpose: CeremonyPurpose, challenge: string, value: string) {
  const now = new Date();
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${purpose}:${challenge}`,
    value,
    expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
  });
  // Expired challenges (options never answered) go now and then.
  if (Math.random() < 0.01) {
    await db
      .delete(verifications)
      .where(and(sql`${verifications.identifier} like 'passkey-%'`, lt(verifications.expiresAt, now)));
  }
}

/**
 * Takes the challenge a browser's answer signed (from its clientDataJSON) and uses it up:
 * one statement, so of two answers to one challenge (a replay, two servers) only one gets
 * it. Null when it is unknown, expired or already used.
 */
export async function consumeChallenge(
  db: Database,
  purpose: CeremonyPurpose,
  clientDataJSON: string,
): Promise<{ challenge: string; value: string } | null> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, `${purpose}:${challenge}`), gt(verifications.expiresAt, new Date())))
    .returning({ value: verifications.value });
  return row ? { challenge, value: row.value } : null;
}

/** The challenge in a clientDataJSON (base64url of JSON); undefined when it is not one. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}
