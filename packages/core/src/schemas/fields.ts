import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../limits';
import { messages } from '../messages';

/** The spec's "basic pattern" for emails: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INVALID_CHARACTERS = 'Text contains a character that is not allowed';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL stores as sent: no NUL (PostgreSQL refuses it) and no half of a
 * surrogate pair (not a character; it would silently become U+FFFD).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** `z.string()` for every text a person sends: refuses what cannot be stored verbatim. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, INVALID_CHARACTERS);

export const nameField = text({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(200, 'Name must be at most 200 characters');

/** Emails are stored trimmed and lower-cased, so uniqueness is case-insensitive. */
export const emailField = text({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.invalidEmail)
  .regex(EMAIL_PATTERN, messages.invalidEmail)
  .transform((email) => email.toLowerCase());

export const newPasswordField = text({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters');

/** Editing: an empty password means "keep the current one". */
export const optionalPasswordField = z
  .union([z.literal(''), newPasswordField])
  .optional()
  .transform((password) => (password ? password : undefined));

export const idField = z.uuid({ error: 'Invalid id' });

/**
 * The latest day a person may enter anywhere (a schedule's start, a due date): far beyond
 * any plan, and every period, due date and reminder computed from it stays a four-digit
 * year (9999-12-31 gave a schedule's next period the end "+010000-01"; issue 31).
 */
export const LATEST_DAY = '2100-12-31';

/** A calendar day, `YYYY-MM-DD`, no later than `LATEST_DAY`; `error` when it is not a day at all. */
export const calendarDayField = (error: string) =>
  // ISO days compare as text.
  z.iso.date({ error }).refine((day) => day <= LATEST_DAY, messages.dateTooLate);

/** A moment with its offset (ISO 8601), on `LATEST_DAY` or before in UTC; `error` when it is not one. */
export const momentField = (error: string) =>
  z.iso
    .datetime({ offset: true, error })
    .refine(
      (moment) => new Date(moment).getTime() < Date.parse(`${LATEST_DAY}T00:00:00Z`) + 86_400_000,
      messages.dateTooLate,
    );
