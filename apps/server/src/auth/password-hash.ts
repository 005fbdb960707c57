import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { verifyPassword as verifyBetterAuthScrypt } from 'better-auth/crypto';

/**
 * How passwords are stored (docs/decisions/049): argon2id with OWASP's first choice of
 * parameters (Password Storage Cheat Sheet: 19 MiB, 2 passes, 1 lane), about 45 ms of one
 * core here, a third of Better Auth's own scrypt (N=16384, r=16, p=1: about 130 ms) and
 * stronger by OWASP's measure. The hash is a PHC string that names its parameters, so a
 * later change of them is recognised hash by hash (`isOutdated`).
 */
export const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The start of a hash made with today's parameters; @node-rs/argon2's default algorithm is argon2id. */
const CURRENT = `$argon2id$v=19$m=${ARGON2ID.memoryCost},t=${ARGON2ID.timeCost},p=${ARGON2ID.parallelism}$`;

/**
 * A new hash. NFKC first, as Better Auth does: the same password typed on two devices
 * (composed or decomposed accents) gives the same hash. Runs in libuv's thread pool
 * (a native addon's async task), never on the event loop.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2ID);
}

/**
 * Whether `password` is the one `hash` was made of: an argon2 PHC string (its own
 * parameters), or Better Auth's `salt:key` scrypt, which every account made before
 * decision 049 has (and the demo's and bench's databases made then), checked by Better
 * Auth's own function (node:crypto's scrypt in libuv's pool), so it verifies exactly as
 * before.
 */
export function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (hash.startsWith('$argon2')) return argon2Verify(hash, password.normalize('NFKC'));
  return verifyBetterAuthScrypt({ hash, password });
}

/** Whether `hash` was made otherwise than `hashPassword` makes one today (Better Auth's scrypt, other argon2 parameters). */
export function isOutdated(hash: string): boolean {
  return !hash.startsWith(CURRENT);
}
