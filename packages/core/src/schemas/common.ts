import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../limits';
import { idField, text } from './fields';

export const IdParams = z.object({ id: idField });

/** The body of a POST that takes none: nothing, or a JSON object (its keys are ignored). */
export const NoBody = z.object({}).optional();

export const PageQuery = z.object({
  search: text().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** Every error reply: a message a person can read, and per-field messages for a form. */
export const ErrorReply = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A machine-readable reason where the web acts on it (`PASSWORD_CHANGE_REQUIRED`). */
  code: z.string().optional(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * A list's sort, as its query string carries it (`?sort=name&order=desc`): one of the
 * columns the list declares, and a direction. Absent means the list's own default, so an
 * address without them keeps its meaning. Extend a list's query with `.extend(sortQuery(…).shape)`.
 */
export function sortQuery<const Columns extends readonly [string, ...string[]]>(columns: Columns) {
  return z.object({
    sort: z.enum(columns, { error: `Sort must be one of ${columns.join(', ')}` }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'Order must be asc or desc' }).optional(),
  });
}
