import type { Role } from '@brigade/core/roles';
import type { Queryable } from '../../db/database';
import { accounts, users } from '../../db/schema/users';

export interface NewUser {
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  isActive?: boolean;
}

/**
 * Writes a user and the password account Better Auth signs them in with. Callers run
 * it inside their transaction together with whatever else the new user needs.
 */
export async function insertUser(tx: Queryable, user: NewUser): Promise<string> {
  const id = crypto.randomUUID();
  await tx.insert(users).values({
    id,
    name: user.name,
    email: user.email,
    role: user.role,
    isActive: user.isActive ?? true,
    emailVerified: true,
  });
  await tx.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: user.passwordHash,
  });
  return id;
}
