/**
 * Changes made offline (issue 34, decision 033): what the web app's outbox sends with
 * each change and what the server makes of it. One place for both sides.
 */

/** The outbox item's id (a UUID): sending the same change twice stores it once. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** When the change was made, on the device's clock (ISO 8601). */
export const RECORDED_AT_HEADER = 'x-recorded-at';
/** When this attempt to send it left the device, on the device's clock (ISO 8601). */
export const SENT_AT_HEADER = 'x-sent-at';

/** How long the server keeps a key's reply: a copy sent within this time is answered, not stored. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/**
 * A device clock further than this from the server's (measured when the change was sent)
 * is flagged on the record: its times were corrected by the offset.
 */
export const CLOCK_OFF_SECONDS = 10 * 60;

/** Photos a device may hold in its outbox before it must connect and send some. */
export const OUTBOX_PHOTO_CAP_BYTES = 200 * 1024 * 1024;

/**
 * The moment, on the server's clock, that a change made offline was made: the device's
 * `recordedAt` moved by the device clock's offset (`receivedAt` − `sentAt`), never later
 * than it arrived. A phone whose clock is an hour slow cannot make a late check look on
 * time: the offset measured at sending puts it back.
 */
export function correctedRecordedAt(recordedAt: Date, sentAt: Date, receivedAt: Date): Date {
  const offset = receivedAt.getTime() - sentAt.getTime();
  return new Date(Math.min(recordedAt.getTime() + offset, receivedAt.getTime()));
}

/** The device clock's offset from the server's, in whole seconds (positive: the device is behind). */
export function clockOffsetSeconds(sentAt: Date, receivedAt: Date): number {
  return Math.round((receivedAt.getTime() - sentAt.getTime()) / 1000);
}

export const clockWasOff = (offsetSeconds: number | null | undefined) =>
  offsetSeconds != null && Math.abs(offsetSeconds) > CLOCK_OFF_SECONDS;

/** The server's answers about the offline headers (issue 34). */
export const offlineMessages = {
  badKey: 'Idempotency-Key must be 1 to 100 letters, digits, dashes or underscores.',
  keyReused: 'This change key was already used for another change.',
  stillRunning: 'This change is still being saved. Please try again in a moment.',
  badTime: 'Send a date and time with its zone, such as 2026-05-04T08:05:00.000Z.',
  timesGoTogether: 'Send X-Recorded-At and X-Sent-At together.',
} as const;
