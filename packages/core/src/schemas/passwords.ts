import { z } from 'zod';
import { messages } from '../messages';
import { emailField, newPasswordField, text } from './fields';

/** How long a reset link works, and how often one email may ask for one. */
export const PASSWORD_RESET_LINK_MINUTES = 30;

/** The 403 code of every API call but `/api/me` and the password change while a temporary password is in use. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

/** Whether "Forgot password?" can send a link (SMTP is configured), or the person asks head office. */
export const PasswordResetStatus = z.object({ byEmail: z.boolean() });
export type PasswordResetStatus = z.infer<typeof PasswordResetStatus>;

/** Better Auth's POST /api/auth/request-password-reset, with the app's rules for the email. */
export const RequestPasswordReset = z.object({ email: emailField });
export type RequestPasswordReset = z.input<typeof RequestPasswordReset>;

/** The same answer whether or not an account uses the email. */
export const PasswordResetRequested = z.object({ status: z.boolean(), message: z.string() });

/** Better Auth's POST /api/auth/reset-password: the link's token and the new password (the app's rules). */
export const ResetPassword = z.object({
  token: text().min(1, messages.passwordResetLinkInvalid).max(200, messages.passwordResetLinkInvalid),
  newPassword: newPasswordField,
});
export type ResetPassword = z.input<typeof ResetPassword>;

/** A signed-in person choosing their own password (after a temporary one). */
export const ChangePassword = z.object({ password: newPasswordField });
export type ChangePassword = z.input<typeof ChangePassword>;

/** hq setting a temporary password for someone. */
export const SetTemporaryPassword = z.object({ password: newPasswordField });
export type SetTemporaryPassword = z.input<typeof SetTemporaryPassword>;
