import { z } from 'zod';
import { messages } from '../messages';
import { ROLES } from '../roles';
import { PageQuery, paged, sortQuery } from './common';
import { emailField, idField, nameField, optionalPasswordField } from './fields';
import { RestaurantRef } from './session';

/** A row of Staff Management: the person, where they work, and their training progress. */
export const StaffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  restaurants: z.array(RestaurantRef),
  trainingProgress: z.object({ completed: z.number().int(), total: z.number().int() }),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffPage = paged(StaffMember);
export type StaffPage = z.infer<typeof StaffPage>;

/**
 * What Staff Management sorts by (by name without a choice). `status` ascending lists the
 * inactive first (false before true), the few exceptions at the top; `trainings` is the
 * share of assigned trainings completed (nothing assigned counts as nothing left to do,
 * 100%), then the number assigned, so ascending lists who is furthest behind first.
 */
export const STAFF_SORTS = ['name', 'email', 'role', 'status', 'trainings'] as const;
export type StaffSort = (typeof STAFF_SORTS)[number];

/**
 * hq may list everyone (optionally one restaurant's people); a manager names their
 * restaurant. The CSV export takes the same query (its page and page size are ignored).
 */
export const StaffListQuery = PageQuery.extend({
  restaurantId: idField.optional(),
  ...sortQuery(STAFF_SORTS).shape,
});
export type StaffListQuery = z.input<typeof StaffListQuery>;

/**
 * The staff form, in the spirit of the spec's create-user function: `id` when editing.
 * A new person needs a password; when editing, a blank password keeps the current one.
 */
export const SaveUser = z
  .object({
    id: idField.optional(),
    name: nameField,
    email: emailField,
    password: optionalPasswordField,
    role: z.enum(ROLES, { error: 'Role must be staff, manager or hq' }).default('staff'),
    selectedRestaurants: z
      .array(idField, { error: messages.restaurantRequired })
      .min(1, messages.restaurantRequired)
      .max(1000)
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine((user, context) => {
    if (!user.id && !user.password) {
      context.addIssue({ code: 'custom', path: ['password'], message: messages.newStaffPasswordRequired });
    }
  });
export type SaveUserInput = z.input<typeof SaveUser>;
export type SaveUser = z.output<typeof SaveUser>;
