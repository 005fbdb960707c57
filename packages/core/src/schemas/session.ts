import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { messages } from '../messages';
import { ROLES } from '../roles';
import { emailField, nameField, newPasswordField, text } from './fields';

export const RestaurantRef = z.object({ id: z.string(), name: z.string() });
export type RestaurantRef = z.infer<typeof RestaurantRef>;

/** The signed-in person as every screen needs them: role and their active restaurants. */
export const Me = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  restaurants: z.array(RestaurantRef),
  /** Signed in with a temporary password set by hq: nothing else until they choose their own. */
  mustChangePassword: z.boolean(),
  /** Their language on Profile (issue 22); null: their browser's, else English. */
  language: z.enum(LANGUAGES).nullable(),
});
export type Me = z.infer<typeof Me>;

/**
 * Who is signed in on this browser, if anyone (issue 31): the web app's session check.
 * Signed out is an answer (`user: null`, 200), not a failure, so a browser does not log
 * a failed request on every visit to Sign In. `GET /api/me` keeps its 401 for API clients.
 */
export const SessionState = z.object({ user: Me.nullable() });
export type SessionState = z.infer<typeof SessionState>;

export const SignIn = z.object({
  email: text().trim().min(1, messages.emailRequired),
  password: text().min(1, messages.passwordRequired),
});
export type SignIn = z.infer<typeof SignIn>;

export const FirstRunStatus = z.object({ needed: z.boolean() });
export type FirstRunStatus = z.infer<typeof FirstRunStatus>;

/** The head office account created on an empty database. */
export const CreateFirstAccount = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
});
export type CreateFirstAccount = z.input<typeof CreateFirstAccount>;
