import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { messages } from '@brigade/core/messages';
import pLimit from 'p-limit';
import { HttpError } from '../errors';
import { logSafeMessage } from '../logging';
import { hashPassword, isOutdated, verifyPassword } from './password-hash';

/**
 * How many password hashes run at once: one core fewer than the machine has, at least one.
 * A hash is a core's work for its whole time (password-hash.ts: argon2id, about 45 ms); a
 * burst of sign-ins on 2 cores would otherwise take both, and every other request (and
 * PostgreSQL beside it) would wait behind them.
 */
export const HASHES_AT_ONCE = Math.max(1, os.availableParallelism() - 1);

/**
 * The longest a password check may expect to wait for its turn. Beyond it the sign-in is
 * answered 503 with Retry-After at once, instead of waiting past a client's timeout (the
 * bench's is 10 s) and being hashed for nobody: hashes queued for clients that have left
 * would delay everyone behind them, until no sign-in finished in time at all. 32 sign-ins
 * at once wait about 32 × 45 ms = 1.5 s on 2 quiet cores, and still under 8 s on a machine
 * busy enough to make each hash 200 ms (docs/decisions/049).
 */
export const MAX_WAIT_MS = 8_000;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
  /** Whether a hash that verified should be made again with today's parameters. */
  isOutdated(hash: string): boolean;
}

export interface QueueOptions {
  concurrency?: number;
  maxWaitMs?: number;
  hasher?: PasswordHasher;
  /**
   * Stores `fresh` where `outdated` was: called after a password verified against an
   * outdated hash (rehash on sign-in), in the background, so the sign-in does not wait.
   */
  replaceOutdated?: (outdated: string, fresh: string) => Promise<void>;
}

const argon2idHasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword, isOutdated };

/**
 * Brigade's hash and verify (password-hash.ts), handed to Better Auth as
 * `emailAndPassword.password`, queued so that at most `concurrency` run at a time:
 * sign-ins wait their turn while the other requests keep a core. A check that would wait
 * longer than `maxWaitMs` is refused with 503 instead (the queue stays short under any
 * burst), and a password that verified against an outdated hash is hashed again and
 * stored through `replaceOutdated`.
 */
export function queuedPasswordHashing({
  concurrency = HASHES_AT_ONCE,
  maxWaitMs = MAX_WAIT_MS,
  hasher = argon2idHasher,
  replaceOutdated,
}: QueueOptions = {}) {
  const limit = pLimit(concurrency);
  // What one hash takes here, as a moving average; a first guess until the first has run.
  let averageMs = 100;

  async function queued<T>(work: () => Promise<T>): Promise<T> {
    // A check that starts at once is never refused, whatever the estimate.
    const mustWait = limit.activeCount + limit.pendingCount >= concurrency;
    const expectedWaitMs = Math.ceil((limit.pendingCount + limit.activeCount + 1) / concurrency) * averageMs;
    if (mustWait && expectedWaitMs > maxWaitMs) throw passwordChecksBusy(expectedWaitMs);
    return limit(async () => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
      }
    });
  }

  function rehash(outdated: string, password: string) {
    if (!replaceOutdated) return;
    queued(() => hasher.hash(password))
      .then((fresh) => replaceOutdated(outdated, fresh))
      .catch((error: unknown) => {
        // Busy: the next sign-in tries again.
        if (error instanceof HttpError) return;
        console.error(`[auth] a password hash was not renewed: ${logSafeMessage(error)}`);
      });
  }

  return {
    hash: (password: string) => queued(() => hasher.hash(password)),
    verify: async (data: { hash: string; password: string }) => {
      const verified = await queued(() => hasher.verify(data));
      if (verified && hasher.isOutdated(data.hash)) rehash(data.hash, data.password);
      return verified;
    },
  };
}

/** 503 with the seconds the queue expects to need: the answer to a check that would wait too long. */
function passwordChecksBusy(expectedWaitMs: number) {
  const seconds = String(Math.max(1, Math.ceil(expectedWaitMs / 1000)));
  return new HttpError(503, messages.tooManyRequests, undefined, 'sign-in-busy', { 'retry-after': seconds });
}
