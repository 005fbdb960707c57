import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { messages } from '../messages';
import { emailField, nameField, optionalPasswordField } from './fields';

export const Profile = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Profile = z.infer<typeof Profile>;

export const UpdateProfile = z.object({
  name: nameField,
  email: emailField,
  password: optionalPasswordField,
});
export type UpdateProfileInput = z.input<typeof UpdateProfile>;

/**
 * The person's language (issue 22): one of Brigade's, or null to follow their browser.
 * Saved on its own, so a choice on Profile takes effect at once, without the form.
 */
export const UpdateLanguage = z.object({
  language: z.enum(LANGUAGES, { error: messages.languageInvalid }).nullable(),
});
export type UpdateLanguage = z.infer<typeof UpdateLanguage>;
