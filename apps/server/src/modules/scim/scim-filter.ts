import { scimMessages } from '@brigade/core/schemas/scim';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Filter, parse } from 'scim2-parse-filter';
import { ScimError } from './scim-errors';

/** Each attribute a list may be filtered on (lower-cased, as SCIM compares names) and its condition for a value. */
export type FilterAttributes = Record<string, (value: string | boolean) => SQL>;

/**
 * A SCIM `filter` (RFC 7644 §3.4.2.2) as an SQL condition, for the forms identity
 * providers send: `attr eq "value"`, joined with `and`. Entra ID also asks
 * `emails[type eq "work"].value eq "…"`; the parser gives that as a `[]` node on
 * `emails` (every address Brigade keeps is the work one, so it adds no condition) and
 * `emails.value eq`. Anything else is a 400 `invalidFilter`: never a silent "everyone".
 */
export function filterCondition(filter: string | undefined, attributes: FilterAttributes): SQL | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  let ast: Filter;
  try {
    ast = parse(filter);
  } catch {
    throw new ScimError(400, `The filter cannot be read: ${filter.slice(0, 100)}`, 'invalidFilter');
  }
  return conditionOf(ast, attributes) ?? sql`true`;
}

function conditionOf(node: Filter, attributes: FilterAttributes): SQL | undefined {
  if (node.op === 'and') {
    const parts = node.filters.map((part) => conditionOf(part, attributes)).filter((part) => part !== undefined);
    return parts.length > 0 ? and(...parts) : undefined;
  }
  if (node.op === '[]' && node.attrPath.toLowerCase() === 'emails') {
    const inner = node.valFilter;
    if (inner.op === 'eq' && inner.attrPath.toLowerCase() === 'type' && inner.compValue === 'work') return undefined;
  }
  if (node.op === 'eq') {
    const condition = attributes[node.attrPath.toLowerCase()];
    const value = node.compValue;
    if (condition && (typeof value === 'string' || typeof value === 'boolean')) return condition(value);
  }
  throw new ScimError(400, scimMessages.filterUnsupported, 'invalidFilter');
}
