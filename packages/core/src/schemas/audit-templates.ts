import { z } from 'zod';
import { messages } from '../messages';
import { sortQuery } from './common';
import { DEFAULT_BAD_DUE_DAYS, DEFAULT_NEEDS_IMPROVEMENT_DUE_DAYS, MAX_DUE_DAYS } from './corrective-actions';
import { idField, text } from './fields';

// A number in the JSON, never coerced: `true` or `[7]` is a mistake to refuse, not 1 or 7.
const dueDays = (fallback: number) =>
  z
    .number({ error: `Due days must be a whole number from 1 to ${MAX_DUE_DAYS}` })
    .int(`Due days must be a whole number from 1 to ${MAX_DUE_DAYS}`)
    .min(1, `Due days must be a whole number from 1 to ${MAX_DUE_DAYS}`)
    .max(MAX_DUE_DAYS, `Due days must be a whole number from 1 to ${MAX_DUE_DAYS}`)
    .default(fallback);

const itemText = text({ error: messages.templateItemsNeedText })
  .trim()
  .min(1, messages.templateItemsNeedText)
  .max(500, 'An item must be at most 500 characters');

/**
 * The template form (core §5). Items are in display order; an item keeps its `id`
 * when edited so that past audits can still point at it.
 */
export const AuditTemplateInput = z.object({
  name: text({ error: messages.templateNameRequired }).trim().min(1, messages.templateNameRequired).max(200),
  description: text().trim().max(2000).default(''),
  items: z
    .array(
      z.object({
        id: idField.optional(),
        text: itemText,
        /** The training a finding on this item suggests (issue 20: findings that train), or none. */
        trainingId: z.uuid({ error: 'Choose a training from the list' }).nullish(),
      }),
      { error: messages.templateNeedsItem },
    )
    .min(1, messages.templateNeedsItem)
    .max(500),
  /** Days a corrective action has, from submit, for an item marked Bad / Needs improvement. */
  badDueDays: dueDays(DEFAULT_BAD_DUE_DAYS),
  needsImprovementDueDays: dueDays(DEFAULT_NEEDS_IMPROVEMENT_DUE_DAYS),
  /** Assign an item's training to the restaurant's staff at submit, instead of suggesting it. */
  autoAssignTraining: z.boolean({ error: 'Choose on or off' }).default(false),
});
export type AuditTemplateInput = z.input<typeof AuditTemplateInput>;

/** What the template list sorts by: name (without a choice) and number of items. */
export const AUDIT_TEMPLATE_SORTS = ['name', 'itemCount'] as const;
export type AuditTemplateSort = (typeof AUDIT_TEMPLATE_SORTS)[number];

/** Every template (a chain has a few dozen), sorted on the server. */
export const AuditTemplateListQuery = sortQuery(AUDIT_TEMPLATE_SORTS);
export type AuditTemplateListQuery = z.input<typeof AuditTemplateListQuery>;

export const AuditTemplateSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  itemCount: z.number().int(),
});
export type AuditTemplateSummary = z.infer<typeof AuditTemplateSummary>;

export const AuditTemplateDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  badDueDays: z.number().int(),
  needsImprovementDueDays: z.number().int(),
  autoAssignTraining: z.boolean(),
  items: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      orderNum: z.number().int(),
      training: z.object({ id: z.string(), title: z.string() }).nullable(),
    }),
  ),
});
export type AuditTemplateDetail = z.infer<typeof AuditTemplateDetail>;
