import { messages } from '../messages';

/**
 * What the screens before sign-in can say of core's (issue 22): Sign In, first run,
 * Forgot password, the reset link's page and the change a temporary password requires.
 * Their forms' field messages, and the server's answers to those screens' calls. Sign In
 * downloads only these, in its language; the rest of core's texts come with the signed-in
 * app (`catalogue-part-loaders.ts`).
 */
export const PUBLIC_TEXTS = [
  // The forms' field messages (SignIn, CreateFirstAccount, the password schemas).
  messages.nameRequired,
  messages.emailRequired,
  messages.invalidEmail,
  messages.passwordRequired,
  messages.passwordTooShort,
  // Sign In, and the server's answers to a sign-in.
  messages.signedOut,
  messages.accountDeactivated,
  messages.tooManyAttempts,
  messages.tooManyAccountAttempts,
  messages.signInSlowedDown,
  messages.crossSiteRequest,
  // First run.
  messages.firstRunClosed,
  // Forgot password and the reset link's page.
  messages.tooManyRequests,
  messages.passwordResetSent,
  messages.passwordResetLinkInvalid,
  messages.passwordResetByEmailOff,
  messages.passwordResetDone,
  // The change a temporary password requires.
  messages.passwordChangeRequired,
  messages.passwordChanged,
  // Single sign-on (issue 36).
  messages.passwordSignInOff,
  // Passkeys (issue 36).
  messages.passkeySignInFailed,
  messages.passkeySignInExpired,
] as const;

export type PublicText = (typeof PUBLIC_TEXTS)[number];
