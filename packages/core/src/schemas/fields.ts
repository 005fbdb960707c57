import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../limits';
import { messages } from '../messages';

/** The spec's "basic pattern" for emails: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const nameField = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(200, 'Name must be at most 200 characters');

/** Emails are stored trimmed and lower-cased, so uniqueness is case-insensitive. */
export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.invalidEmail)
  .regex(EMAIL_PATTERN, messages.invalidEmail)
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters');

/** Editing: an empty password means "keep the current one". */
export const optionalPasswordField = z
  .union([z.literal(''), newPasswordField])
  .optional()
  .transform((password) => (password ? password : undefined));

export const idField = z.uuid({ error: 'Invalid id' });
