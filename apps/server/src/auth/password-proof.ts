import type { Database } from '../db/database';
import { accountSignInLimit, type SignInRefusal } from './account-sign-in-limit';
import type { Auth } from './auth';

/** What checking a person's email and password found. */
export type PasswordProof =
  | { kind: 'proved'; userId: string }
  | { kind: 'wrong' }
  | { kind: 'limited'; refusal: SignInRefusal };

/**
 * A person proves who they are with their email and password without signing in: no
 * session is made and no cookie set (issue 33, an audit signed off on the auditor's
 * phone). It is a sign-in attempt in every other way: Better Auth's own lookup and
 * password check (the same queued scrypt hasher, the same answer time for an unknown
 * email), and the sign-in limits per account and address of docs/decisions/028
 * (account-sign-in-limit.ts): counted before the password is checked, a failure counts,
 * a refusal when they are exceeded, a success clears the address's count.
 */
export function passwordProof(auth: Auth, db: Database) {
  const limit = accountSignInLimit(db);
  return async function prove(email: string, password: string, address: string): Promise<PasswordProof> {
    const refusal = await limit.attempt(email, address);
    if (refusal) return { kind: 'limited', refusal };
    try {
      const context = await auth.$context;
      const found = await context.internalAdapter.findUserByEmail(email.trim().toLowerCase(), {
        includeAccounts: true,
      });
      const account = found?.accounts.find(
        (candidate) => candidate.providerId === 'credential' && candidate.accountId === found.user.id,
      );
      if (!found || !account?.password) {
        // As long as a real check, as Better Auth's sign-in does: the time tells nothing.
        await context.password.hash(password);
        return { kind: 'wrong' };
      }
      if (!(await context.password.verify({ hash: account.password, password }))) return { kind: 'wrong' };
      await limit.succeeded(found.user.id, address);
      return { kind: 'proved', userId: found.user.id };
    } catch (error) {
      // A check the server could not make (the database is down) is nobody's failed attempt.
      await limit.forgive(email, address).catch(() => {});
      throw error;
    }
  };
}

export type ProvePassword = ReturnType<typeof passwordProof>;
