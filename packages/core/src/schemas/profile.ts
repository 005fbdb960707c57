import { z } from 'zod';
import { emailField, nameField, optionalPasswordField } from './fields';

export const Profile = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Profile = z.infer<typeof Profile>;

export const UpdateProfile = z.object({
  name: nameField,
  email: emailField,
  password: optionalPasswordField,
});
export type UpdateProfileInput = z.input<typeof UpdateProfile>;
