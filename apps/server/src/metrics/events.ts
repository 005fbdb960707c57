import diagnosticsChannel from 'node:diagnostics_channel';

/**
 * What happened, told by the code where it happens (auth, the job queue, photo
 * processing) and counted by the metrics (metrics/series.ts) when they are on. Node's
 * diagnostics channels: publishing costs a check of `hasSubscribers` when nobody listens,
 * and the publishers import nothing of the metrics (decision 036).
 */

/** Why a sign-in was refused before or at the password check. */
export type SignInFailure = 'wrong-credentials' | 'deactivated';

/**
 * Which sign-in limit answered 429: `address` Better Auth's limit per client address
 * (SIGN_IN_RATE_LIMIT a minute), `account-from-address` the account's 10 failures from one
 * address, `account-slowed` the account's slowing down after failures from everywhere
 * (docs/decisions/028).
 */
export type SignInLimit = 'address' | 'account-from-address' | 'account-slowed';

export type SignInEvent = { outcome: 'failed'; reason: SignInFailure } | { outcome: 'limited'; limit: SignInLimit };

export interface JobRunEvent {
  job: string;
  result: 'completed' | 'failed';
}

/** A photo refused by the processor: `busy` its queue was full (503), the others 413. */
export interface PhotoRefusedEvent {
  reason: 'busy' | 'too-slow' | 'too-much-memory';
}

export const signInChannel = diagnosticsChannel.channel('brigade:sign-in');
export const jobRunChannel = diagnosticsChannel.channel('brigade:job-run');
export const photoRefusedChannel = diagnosticsChannel.channel('brigade:photo-refused');

export function publishSignIn(event: SignInEvent): void {
  if (signInChannel.hasSubscribers) signInChannel.publish(event);
}

export function publishJobRun(event: JobRunEvent): void {
  if (jobRunChannel.hasSubscribers) jobRunChannel.publish(event);
}

export function publishPhotoRefused(event: PhotoRefusedEvent): void {
  if (photoRefusedChannel.hasSubscribers) photoRefusedChannel.publish(event);
}
