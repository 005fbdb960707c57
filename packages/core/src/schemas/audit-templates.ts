import { z } from 'zod';
import { messages } from '../messages';
import { idField, text } from './fields';

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
    .array(z.object({ id: idField.optional(), text: itemText }), { error: messages.templateNeedsItem })
    .min(1, messages.templateNeedsItem)
    .max(500),
});
export type AuditTemplateInput = z.input<typeof AuditTemplateInput>;

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
  items: z.array(z.object({ id: z.string(), text: z.string(), orderNum: z.number().int() })),
});
export type AuditTemplateDetail = z.infer<typeof AuditTemplateDetail>;
