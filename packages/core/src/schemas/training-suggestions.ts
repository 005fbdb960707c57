import { z } from 'zod';
import { AUDIT_MARKS } from '../scoring';
import { PageQuery, paged } from './common';
import { idField, momentField } from './fields';

/** Findings that train (issue 20): the words the panel, the audit page, the server and the tests share. */
export const trainingSuggestionMessages = {
  notFound: 'Suggestion not found',
  alreadyDecided: (status: 'assigned' | 'dismissed') => `This suggestion was already ${status}.`,
  trainingMissing: 'The selected training does not exist.',
  dueInPast: 'Due date cannot be in the past',
} as const;

export const TRAINING_SUGGESTION_STATUSES = ['open', 'assigned', 'dismissed'] as const;
export type TrainingSuggestionStatus = (typeof TRAINING_SUGGESTION_STATUSES)[number];

/** One suggestion: which finding (audit, item, mark) suggests which training for which restaurant. */
export const TrainingSuggestion = z.object({
  id: z.string(),
  status: z.enum(TRAINING_SUGGESTION_STATUSES),
  restaurant: z.object({ id: z.string(), name: z.string() }),
  audit: z.object({ id: z.string(), auditedAt: z.string() }),
  auditItemId: z.string(),
  itemText: z.string(),
  mark: z.enum(AUDIT_MARKS),
  training: z.object({ id: z.string(), title: z.string() }),
  createdAt: z.string(),
});
export type TrainingSuggestion = z.infer<typeof TrainingSuggestion>;

/** Open suggestions, newest first: a manager names their restaurant; hq may name one or see every restaurant's. */
export const TrainingSuggestionQuery = PageQuery.omit({ search: true }).extend({ restaurantId: idField.optional() });
export type TrainingSuggestionQuery = z.input<typeof TrainingSuggestionQuery>;

export const TrainingSuggestionPage = paged(TrainingSuggestion);
export type TrainingSuggestionPage = z.infer<typeof TrainingSuggestionPage>;

/** One click assigns with the preset due date (7 days from today); another date may be given. */
export const AssignSuggestion = z.object({
  dueAt: momentField('Due date must be a date').nullish(),
});
export type AssignSuggestion = z.input<typeof AssignSuggestion>;

export const SuggestionAssigned = z.object({
  suggestion: TrainingSuggestion,
  created: z.number().int(),
  skipped: z.number().int(),
});
export type SuggestionAssigned = z.infer<typeof SuggestionAssigned>;
