import type { Auth } from './auth';

/** Hashes with Better Auth's own hasher, so its sign-in verifies what we store. */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  const context = await auth.$context;
  return context.password.hash(password);
}
