import { z } from 'zod';
import { messages } from '../messages';
import { ROLES } from '../roles';
import { PageQuery, paged, sortQuery } from './common';
import { idField, momentField, text } from './fields';
import { RestaurantRef } from './session';
import { TrainingCategory } from './trainings';

export const LatestAttempt = z.object({ score: z.number().int(), passed: z.boolean(), takenAt: z.string() }).nullable();

/** One assignment as the overview and My Trainings show it. */
export const AssignmentCard = z.object({
  id: z.string(),
  training: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    categories: z.array(TrainingCategory),
  }),
  assignedAt: z.string(),
  dueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Past its due date and not completed. */
  overdue: z.boolean(),
  hasQuiz: z.boolean(),
  /**
   * The newest attempt at the training's quiz (once completed: the best one, so a failed
   * retake does not show beside "Completed"), or null: "Quiz: Not taken".
   */
  latestAttempt: LatestAttempt,
  videos: z.object({ watched: z.number().int(), total: z.number().int() }),
  /** The audit finding that caused it (issue 20: findings that train): "From audit … : <item>". */
  source: z
    .object({ auditId: z.string(), auditedAt: z.string(), restaurantName: z.string(), itemText: z.string() })
    .nullish(),
});
export type AssignmentCard = z.infer<typeof AssignmentCard>;

export const MyTrainingsQuery = z.object({
  search: text().trim().max(200).optional(),
  status: z.enum(['all', 'completed', 'in_progress']).default('all'),
  categoryIds: z
    .union([z.array(idField), idField])
    .optional()
    .transform((ids) => (ids === undefined ? [] : Array.isArray(ids) ? ids : [ids])),
});
export type MyTrainingsQuery = z.input<typeof MyTrainingsQuery>;

/**
 * One assignment as the overview lists it before its person is expanded: what its line
 * shows and no more (a page of 10 people with ~20 assignments each stays under 30 kB).
 * The full card (description, categories, dates, videos, actions) is
 * `GET /api/training-assignments/people/{id}`.
 */
export const AssignmentSummary = z.object({
  title: z.string(),
  completed: z.boolean(),
  /** Past its due date and not completed. */
  overdue: z.boolean(),
  /** Absent when the training has no quiz; null until the person's first attempt. */
  quiz: z.object({ score: z.number().int(), passed: z.boolean() }).nullable().optional(),
});
export type AssignmentSummary = z.infer<typeof AssignmentSummary>;

export const AssignedPerson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  restaurants: z.array(RestaurantRef),
  assignments: z.array(AssignmentSummary),
  /** The earliest due date of the listed assignments still open; null when none has one. */
  nextDueAt: z.string().nullable(),
  /** When the newest of the listed assignments was completed; null when none is. */
  lastCompletedAt: z.string().nullable(),
});
export type AssignedPerson = z.infer<typeof AssignedPerson>;

/** The overview, grouped per person and paged by person. */
export const AssignmentOverview = paged(AssignedPerson);
export type AssignmentOverview = z.infer<typeof AssignmentOverview>;

/**
 * What the overview (people, each with their assignments) sorts its people by: name
 * (without a choice), email, progress (the share of their listed assignments completed),
 * the earliest due date of their open ones, and their newest completion. With a training
 * filter or a search, the figures are those of the assignments listed.
 */
export const ASSIGNMENT_OVERVIEW_SORTS = ['name', 'email', 'progress', 'nextDueAt', 'lastCompletedAt'] as const;
export type AssignmentOverviewSort = (typeof ASSIGNMENT_OVERVIEW_SORTS)[number];

export const AssignmentOverviewQuery = PageQuery.extend({
  trainingId: idField.optional(),
  restaurantId: idField.optional(),
  ...sortQuery(ASSIGNMENT_OVERVIEW_SORTS).shape,
});
export type AssignmentOverviewQuery = z.input<typeof AssignmentOverviewQuery>;

/**
 * One person's assignments in full, as the overview shows them once the person is
 * expanded: the overview's filters, so the same assignments open up.
 */
export const PersonAssignmentsQuery = AssignmentOverviewQuery.omit({
  page: true,
  pageSize: true,
  sort: true,
  order: true,
});
export type PersonAssignmentsQuery = z.input<typeof PersonAssignmentsQuery>;

/** Someone trainings can be assigned to: active, role staff (or manager, for hq), with a restaurant. */
export const AssignablePerson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  restaurants: z.array(RestaurantRef),
});
export type AssignablePerson = z.infer<typeof AssignablePerson>;

export const AssignableQuery = z.object({
  restaurantId: idField.optional(),
  search: text().trim().max(200).optional(),
});

export const CreateAssignments = z.object({
  trainingIds: z.array(idField, { error: messages.selectTraining }).min(1, messages.selectTraining).max(500),
  staffIds: z.array(text().min(1).max(100), { error: messages.selectStaff }).min(1, messages.selectStaff).max(5000),
  /** One due date for every pair of this assigning action (optional). */
  dueAt: momentField('Due date must be a date').nullish(),
});
export type CreateAssignments = z.input<typeof CreateAssignments>;

export const AssignmentsCreated = z.object({ created: z.number().int(), skipped: z.number().int() });
export type AssignmentsCreated = z.infer<typeof AssignmentsCreated>;
