import { z } from 'zod';
import { messages } from '../messages';
import { localDay } from '../restaurant-time';
import { emailField, text } from './fields';

/**
 * Sign-off on the spot (issue 33): the restaurant's manager on duty signs a submitted
 * audit off with their own email and password on the auditor's phone, or later from
 * their own account; once per audit. The words the form, the server and the tests share.
 */
export const signOffMessages = {
  signOffCredentialsRequired: "Enter the email and password of the restaurant's manager on duty.",
  signOffWrongCredentials: 'Invalid email or password',
  signOffNotManager: 'Only an active manager of this restaurant can sign off its audit.',
  signOffTemporaryPassword: 'This manager must choose their own password in Brigade before signing off.',
  signOffAlreadySigned: 'This audit is already signed off.',
  signOffNeedsCompleted: 'Only a submitted audit can be signed off.',
} as const;

export const SIGN_OFF_COMMENT_MAX = 2000;

/** Who signed the audit off, when (an instant) and with what comment. */
export const AuditSignOff = z.object({
  name: z.string(),
  signedAt: z.string(),
  comment: z.string().nullable(),
});
export type AuditSignOff = z.infer<typeof AuditSignOff>;

const passwordField = text({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(128, 'Password must be at most 128 characters');

/**
 * POST /api/audits/{id}/sign-off. With `email` and `password` the person they name signs
 * (the manager on duty, on someone else's phone); without them the caller signs, who must
 * then be a manager of the audit's restaurant. One of the pair alone is a 400 on the other.
 */
export const AuditSignOffInput = z
  .object({
    email: emailField.optional(),
    password: passwordField.optional(),
    comment: text()
      .trim()
      .max(SIGN_OFF_COMMENT_MAX, `A comment must be at most ${SIGN_OFF_COMMENT_MAX} characters`)
      .nullish()
      .transform((comment) => comment || null),
  })
  .superRefine((input, context) => {
    if (input.email !== undefined && input.password === undefined) {
      context.addIssue({ code: 'custom', path: ['password'], message: messages.passwordRequired });
    }
    if (input.password !== undefined && input.email === undefined) {
      context.addIssue({ code: 'custom', path: ['email'], message: messages.emailRequired });
    }
  });
export type AuditSignOffInput = z.input<typeof AuditSignOffInput>;

/**
 * Whether a sign-off line names the day as well as the time: when it was signed on
 * another day (in the restaurant's zone) than the audit was made. "Signed off by Sam
 * Manager at 14:32" on the spot; "… at 23 Nov 2026, 09:10" when signed later.
 */
export function signOffShowsDay(signedAt: string, auditedAt: string, timeZone: string): boolean {
  return localDay(new Date(signedAt), timeZone) !== localDay(new Date(auditedAt), timeZone);
}
