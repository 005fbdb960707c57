import os from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import pLimit from 'p-limit';

/**
 * How many password hashes run at once: one core fewer than the machine has, at least one.
 * Better Auth's scrypt (N=16384, r=16: about 70 ms of CPU) runs in libuv's pool of four
 * threads; a burst of sign-ins on 2 cores would take both, and every other request (and
 * PostgreSQL beside it) would wait behind them.
 */
export const HASHES_AT_ONCE = Math.max(1, os.availableParallelism() - 1);

/**
 * Better Auth's own hash and verify, the same strength and format (existing hashes stay
 * valid), queued so that at most `concurrency` run at a time: sign-ins wait their turn
 * while the other requests keep a core.
 */
export function queuedPasswordHashing(concurrency = HASHES_AT_ONCE, hasher: PasswordHasher = betterAuthHasher) {
  const limit = pLimit(concurrency);
  return {
    hash: (password: string) => limit(() => hasher.hash(password)),
    verify: (data: { hash: string; password: string }) => limit(() => hasher.verify(data)),
  };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

const betterAuthHasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword };
