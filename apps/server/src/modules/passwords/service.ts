import { messages } from '@brigade/core/messages';
import { and, eq, ne } from 'drizzle-orm';
import { recordActivity } from '../../activity/record';
import type { Auth } from '../../auth/auth';
import { hashPassword } from '../../auth/passwords';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable } from '../../db/database';
import { accounts, sessions, users } from '../../db/schema/users';
import { conflict, notFound } from '../../errors';

/**
 * The caller chooses their own password (after a temporary one, or at any time): it
 * replaces the old one, no longer needs changing, and ends their other sessions,
 * keeping the one they changed it from.
 */
export async function changeOwnPassword(db: Database, auth: Auth, user: SessionUser, password: string) {
  const passwordHash = await hashPassword(auth, password);
  await db.transaction(async (tx) => {
    await writePassword(tx, user.id, passwordHash, { mustChange: false });
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.token, user.sessionToken)));
    await recordActivity(tx, {
      kind: 'auth.passwordChanged',
      actorId: user.id,
      objectType: 'user',
      objectId: user.id,
      objectLabel: user.name,
      details: { how: 'own' },
    });
  });
}

/**
 * hq sets a temporary password for someone who cannot reset theirs by email: it works
 * for one sign-in, after which they must choose their own before anything else
 * (guards.ts); every session they had ends now.
 */
export async function setTemporaryPassword(
  db: Database,
  auth: Auth,
  caller: SessionUser,
  userId: string,
  password: string,
) {
  // hq's own sessions would end, and hq would then have to change it again: the profile is the place.
  if (userId === caller.id) throw conflict(messages.temporaryPasswordNotYourself);
  const passwordHash = await hashPassword(auth, password);
  await db.transaction(async (tx) => {
    if (!(await writePassword(tx, userId, passwordHash, { mustChange: true }))) throw notFound(messages.userNotFound);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    await recordActivity(tx, {
      kind: 'auth.passwordChanged',
      actorId: caller.id,
      objectType: 'user',
      objectId: userId,
      objectLabel: person?.name ?? null,
      details: { how: 'temporary' },
    });
  });
}

/** The person's password and whether it must be changed; false when there is no such person. */
async function writePassword(
  tx: Queryable,
  userId: string,
  passwordHash: string,
  { mustChange }: { mustChange: boolean },
) {
  const updated = await tx
    .update(users)
    .set({ mustChangePassword: mustChange })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await tx
    .update(accounts)
    .set({ password: passwordHash })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return true;
}
