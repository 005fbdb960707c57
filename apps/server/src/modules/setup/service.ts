import { messages } from '@brigade/core/messages';
import type { CreateFirstAccount } from '@brigade/core/schemas/session';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { hashPassword } from '../../auth/passwords';
import { ADVISORY_LOCKS, lockForTransaction } from '../../db/advisory-locks';
import type { Database, Queryable } from '../../db/database';
import { users } from '../../db/schema/users';
import { conflict } from '../../errors';
import { insertUser } from '../users/service';

export async function isFirstRun(db: Queryable): Promise<boolean> {
  const anyone = await db.select({ id: users.id }).from(users).limit(1);
  return anyone.length === 0;
}

/** The head office account of an empty database; refused once anyone exists. */
export async function createFirstAccount(db: Database, auth: Auth, input: z.output<typeof CreateFirstAccount>) {
  const passwordHash = await hashPassword(auth, input.password);
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, ADVISORY_LOCKS.firstRun);
    if (!(await isFirstRun(tx))) throw conflict(messages.firstRunClosed);
    await insertUser(tx, { name: input.name, email: input.email, role: 'hq', passwordHash });
  });
}
