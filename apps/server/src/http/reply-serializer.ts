import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { $ZodCheckOverwrite, $ZodCodec, $ZodPipe, $ZodTransform, $ZodType } from 'zod/v4/core';

/**
 * Replies are written by fast-json-stringify from each route's zod response schema,
 * turned into JSON Schema once, at start (docs/decisions/015-replies-that-cost-what-they-carry.md).
 * Nothing is validated per request; what the zod presenter guaranteed still holds:
 * only the properties a schema names leave the server (an extra column is dropped, at
 * any depth), Dates are written as ISO strings, null, optional, unions, records, enums
 * and integers come out as before. A schema that would change a value on its way out
 * (a transform, a codec, `.trim()`) or that JSON Schema cannot describe fails the start,
 * naming the route: there is no silent fallback to run-time validation.
 */

type JsonSchema = { [keyword: string]: unknown };
type Serialize = (data: unknown) => string;

/** One serializer per zod schema: ErrorReply alone answers four to six statuses on most routes. */
const serializers = new WeakMap<$ZodType, Serialize>();

export const replySerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
  if (!(schema instanceof $ZodType)) {
    throw new Error(`The response schema of ${method} ${url} (${httpStatus}) is not a zod schema.`);
  }
  try {
    return replySerializerOf(schema);
  } catch (error) {
    throw new Error(
      `The response schema of ${method} ${url} (${httpStatus}) cannot be written by fast-json-stringify: ${(error as Error).message}`,
      { cause: error },
    );
  }
};

/** The compiled writer of replies of one zod schema (cached). */
export function replySerializerOf(schema: $ZodType): Serialize {
  let serialize = serializers.get(schema);
  if (!serialize) {
    // compileValidators: the Ajv checks that pick a union's branch are built now, not on the first reply.
    serialize = fastJsonStringify(replyJsonSchemaOf(schema), { compileValidators: true }) as Serialize;
    serializers.set(schema, serialize);
  }
  return serialize;
}

/** The JSON Schema fast-json-stringify writes a reply of `schema` with. */
export function replyJsonSchemaOf(schema: $ZodType): JsonSchema {
  const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema, {
    // fast-json-stringify checks schemas (and picks union branches) with Ajv's draft-07.
    target: 'draft-07',
    io: 'output',
    cycles: 'ref',
    reused: 'inline',
    unrepresentable: ({ zodSchema, message, path }) => {
      // As JSON.stringify wrote them before: an ISO string (fast-json-stringify's date-time).
      if (zodSchema._zod.def.type === 'date') return { type: 'string', format: 'date-time' };
      throw new Error(`${message} (at ${pathOf(path)}).`);
    },
    override: ({ zodSchema, path }) => refuseRewrites(zodSchema, path),
  }) as JsonSchema;
  return fitForSerializer(jsonSchema) as JsonSchema;
}

/** Schemas that change the value on its way out: the old serializer ran them, this one cannot. */
function refuseRewrites(zodSchema: $ZodType, path: (string | number)[]) {
  if (zodSchema instanceof $ZodCodec) {
    throw new Error(
      `a codec encodes the value on its way out (at ${pathOf(path)}); describe the encoded form instead.`,
    );
  }
  if (zodSchema instanceof $ZodPipe && zodSchema._zod.def.in instanceof $ZodTransform) {
    throw new Error(`a preprocess step rewrites the value (at ${pathOf(path)}).`);
  }
  if (zodSchema._zod.def.checks?.some((check) => check instanceof $ZodCheckOverwrite)) {
    throw new Error(`a check rewrites the value (trim, toLowerCase, overwrite) (at ${pathOf(path)}).`);
  }
}

const pathOf = (path: (string | number)[]) => (path.length > 0 ? path.join('.') : 'the root');

/** Keywords whose value is one subschema, or a list of them. */
const SUBSCHEMA = new Set(['items', 'additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'items']);
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

/**
 * Two rewrites, at every depth, that change nothing that is written:
 * - `additionalProperties: false` goes. fast-json-stringify writes only the named
 *   properties either way, but it picks a union's branch by validating the value with
 *   Ajv, and an extra column would then match no branch (zod strips it and matches).
 * - "X or null" becomes X with `nullable: true`, which fast-json-stringify writes with
 *   one `=== null` test instead of an Ajv validation per value (`anyOf`) or a chain of
 *   typeof tests (`type: [X, 'null']`).
 */
function fitForSerializer(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const fitted: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'additionalProperties' && value === false) continue;
    if (SUBSCHEMA_LISTS.has(keyword) && Array.isArray(value)) fitted[keyword] = value.map(fitForSerializer);
    else if (SUBSCHEMA.has(keyword)) fitted[keyword] = fitForSerializer(value);
    else if (SUBSCHEMA_MAPS.has(keyword) && typeof value === 'object' && value !== null) {
      fitted[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, fitForSerializer(child)]),
      );
    } else fitted[keyword] = value;
  }
  return asNullable(fitted);
}

const isNullSchema = (schema: unknown) =>
  typeof schema === 'object' &&
  schema !== null &&
  Object.keys(schema).length === 1 &&
  (schema as JsonSchema).type === 'null';

function asNullable(schema: JsonSchema): JsonSchema {
  const { type } = schema;
  if (Array.isArray(type) && type.length === 2 && type.includes('null')) {
    return { ...schema, type: type.find((name) => name !== 'null'), nullable: true };
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const [other, ...rest] = branches.filter((branch) => !isNullSchema(branch));
  if (rest.length > 0 || typeof other !== 'object' || other === null) return schema;
  // A reference or a nested union keeps its anyOf: fast-json-stringify would not see `nullable` beside them.
  if (['$ref', 'anyOf', 'oneOf', 'allOf'].some((keyword) => keyword in other)) return schema;
  const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = schema;
  return { ...other, ...siblings, nullable: true };
}
