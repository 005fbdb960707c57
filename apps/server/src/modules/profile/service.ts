import { messages } from '@brigade/core/messages';
import type { Profile, UpdateLanguage, UpdateProfile } from '@brigade/core/schemas/profile';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { changedFields, recordActivity } from '../../activity/record';
import type { Auth } from '../../auth/auth';
import { hashPassword } from '../../auth/passwords';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { accounts, sessions, users } from '../../db/schema/users';
import { conflict, notFound } from '../../errors';

export async function loadProfile(db: Database, user: SessionUser): Promise<Profile> {
  const [profile] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  if (!profile) throw notFound(messages.userNotFound);
  return profile;
}

/**
 * Name and email always; the password only when given. A new password signs the
 * person out everywhere else, keeping the session they changed it from.
 */
export async function updateProfile(
  db: Database,
  auth: Auth,
  user: SessionUser,
  input: z.output<typeof UpdateProfile>,
): Promise<Profile> {
  const passwordHash = input.password ? await hashPassword(auth, input.password) : undefined;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), ne(users.id, user.id)));
    if (taken) throw conflict(messages.userExists, { email: messages.userExists });
    const [profile] = await tx
      .update(users)
      .set({ name: input.name, email: input.email })
      .where(eq(users.id, user.id))
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!profile) throw notFound(messages.userNotFound);
    if (passwordHash) {
      await tx
        .update(accounts)
        .set({ password: passwordHash })
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
      await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.token, user.sessionToken)));
      await recordActivity(tx, {
        kind: 'auth.passwordChanged',
        actorId: user.id,
        objectType: 'user',
        objectId: user.id,
        objectLabel: profile.name,
        details: { how: 'profile' },
      });
    }
    const changes = before ? changedFields(before, profile, ['name', 'email']) : undefined;
    if (changes) {
      await recordActivity(tx, {
        kind: 'user.updated',
        actorId: user.id,
        objectType: 'user',
        objectId: user.id,
        objectLabel: profile.name,
        changes,
        details: { how: 'profile' },
      });
    }
    return profile;
  });
}

/** The person's language, read by every later request's session check. */
export async function updateLanguage(db: Database, user: SessionUser, input: UpdateLanguage): Promise<UpdateLanguage> {
  await db.update(users).set({ language: input.language }).where(eq(users.id, user.id));
  return { language: input.language };
}
