import { messages } from '@brigade/core/messages';
import type { CreateFirstAccount } from '@brigade/core/schemas/session';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { hashPassword } from '../../auth/passwords';
import type { Database, Queryable } from '../../db/client';
import { users } from '../../db/schema/users';
import { conflict } from '../../errors';
import { insertUser } from '../users/insert-user';

/** Any key: it only serialises concurrent first-run requests on PostgreSQL. */
const FIRST_RUN_LOCK = 4_711_001;

export async function isFirstRun(db: Queryable): Promise<boolean> {
  const anyone = await db.select({ id: users.id }).from(users).limit(1);
  return anyone.length === 0;
}

/** The head office account of an empty database; refused once anyone exists. */
export async function createFirstAccount(db: Database, auth: Auth, input: z.output<typeof CreateFirstAccount>) {
  const passwordHash = await hashPassword(auth, input.password);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_RUN_LOCK})`);
    if (!(await isFirstRun(tx))) throw conflict(messages.firstRunClosed);
    await insertUser(tx, { name: input.name, email: input.email, role: 'hq', passwordHash });
  });
}
