import { messages } from '@brigade/core/messages';
import type {
  PasskeyCeremonyOptions,
  PasskeyList,
  PasskeyRegistration,
  PasskeyRename,
  Passkey as PasskeyView,
} from '@brigade/core/schemas/passkeys';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordActivity } from '../../activity/record';
import type { Database } from '../../db/database';
import { passkeys } from '../../db/schema/passkeys';
import { badRequest, conflict, notFound } from '../../errors';
import type { SessionUser } from '../session-user';
import { consumeChallenge, storeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';

/** A person keeps at most this many passkeys (a phone, a laptop, a key or two, and spares). */
export const MAX_PASSKEYS = 20;

export const RP_NAME = 'Brigade';

/** Who did it, from where: for the activity log. */
export interface ActivityContext {
  address: string | null;
  userAgent: string | null;
}

const columns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  backedUp: passkeys.backedUp,
};

function viewOf(row: {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

/** My passkeys, oldest first. */
export async function listPasskeys(db: Database, userId: string): Promise<PasskeyList> {
  const rows = await db
    .select(columns)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return { items: rows.map(viewOf) };
}

/**
 * Options for the browser's `startRegistration()`: a discoverable credential (so sign-in
 * needs no email), user verification wanted, no attestation (we trust no maker over
 * another), and the person's passkeys excluded so one authenticator is not added twice.
 */
export async function registrationOptions(
  db: Database,
  user: SessionUser,
  rp: RelyingParty,
): Promise<PasskeyCeremonyOptions> {
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS) throw conflict(messages.passkeyLimitReached);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userID: isoUint8Array.fromUTF8String(user.id),
    userName: user.email,
    userDisplayName: user.name,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, 'passkey-registration', options.challenge, user.id);
  return options as unknown as PasskeyCeremonyOptions;
}

/** Checks the browser's answer to `registrationOptions` and keeps the new passkey. */
export async function registerPasskey(
  db: Database,
  user: SessionUser,
  rp: RelyingParty,
  input: z.output<typeof PasskeyRegistration>,
  context: ActivityContext,
): Promise<PasskeyView> {
  const stored = await consumeChallenge(db, 'passkey-registration', input.response.response.clientDataJSON);
  // Another person's challenge is as good as none: the options were not made for this caller.
  if (!stored || stored.value !== user.id) throw badRequest(messages.passkeyChallengeInvalid);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch {
    throw badRequest(messages.passkeyNotVerified);
  }
  if (!verification.verified) throw badRequest(messages.passkeyNotVerified);
  const { credential, credentialBackedUp, aaguid } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        name: input.name,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        backedUp: credentialBackedUp,
        aaguid,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning(columns);
    if (!row) throw conflict(messages.passkeyAlreadyAdded);
    await recordActivity(tx, {
      kind: 'passkey.added',
      actorId: user.id,
      objectType: 'passkey',
      objectId: row.id,
      objectLabel: row.name,
      ...context,
    });
    return viewOf(row);
  });
}

/** Renames one of my passkeys; another person's is not found. */
export async function renamePasskey(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof PasskeyRename>,
): Promise<PasskeyView> {
  const [row] = await db
    .update(passkeys)
    .set({ name: input.name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning(columns);
  if (!row) throw notFound(messages.passkeyNotFound);
  return viewOf(row);
}

/** Removes one of my passkeys: it signs in no more. Another person's is not found. */
export async function removePasskey(db: Database, user: SessionUser, id: string, context: ActivityContext) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!row) throw notFound(messages.passkeyNotFound);
    await recordActivity(tx, {
      kind: 'passkey.removed',
      actorId: user.id,
      objectType: 'passkey',
      objectId: row.id,
      objectLabel: row.name,
      ...context,
    });
  });
}
