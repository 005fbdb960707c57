import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Role } from '@brigade/core/roles';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { fakePowerBiOptions, startFakePowerBi } from './fakes/powerbi-server';
import { startTestApp } from './harness';

/**
 * Issue 11, hostile input: every route of the OpenAPI document that takes a body, a
 * query or path parameters gets a battery of malformed, mistyped, oversized, deeply
 * nested, unicode, SQL and HTML input, generated from its own schema (so new routes are
 * covered without touching this file). Whatever comes in, the answer is a JSON 4xx with
 * a readable message, or a 2xx only for input that is really valid, stored verbatim;
 * never a 5xx, a stack trace or SQL; and a refused write leaves the database unchanged.
 */

// ---------------------------------------------------------------------------------------
// The app, with Power BI faked (so report tokens answer 200, not "not configured" 503).

const powerBi = await startFakePowerBi();
afterAll(() => powerBi.close());
const t = await startTestApp({
  powerBi: fakePowerBiOptions(powerBi),
});
await t.app.ready();

// ---------------------------------------------------------------------------------------
// A small chain to aim at: every kind of id a route can name exists.

type Json = Record<string, unknown>;

const restaurant = await t.buildRestaurant();
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [restaurant.id] });
const staff = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
const cookies: Record<Role, string> = { hq: hq.cookie, manager: manager.cookie, staff: staff.cookie };

async function create(role: Role, method: 'GET' | 'POST', url: string, payload?: Json): Promise<Json> {
  const response = await t.request(cookies[role], { method, url, payload });
  if (response.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

const template = await create('hq', 'POST', '/api/audit-templates', {
  name: 'Opening checks',
  items: [{ text: 'Floor clean' }, { text: 'Fridge cold' }],
});
const audit = await create('hq', 'POST', '/api/audits', {
  restaurantId: restaurant.id,
  templateIds: [template.id],
  auditorId: hq.id,
});
const auditItems = (await create('hq', 'GET', `/api/audits/${audit.id}`)).items as { id: string }[];
const category = await create('hq', 'POST', '/api/training-categories', { name: 'Safety' });
const quiz = await create('hq', 'POST', '/api/quizzes', {
  title: 'Safety quiz',
  passMark: 50,
  questions: [{ text: 'Hot or cold?', options: [{ text: 'Hot' }, { text: 'Cold' }], correctIndex: 0 }],
});
const training = await create('hq', 'POST', '/api/trainings', {
  title: 'Food safety',
  categoryIds: [category.id],
  quizId: quiz.id,
  videos: [{ url: 'https://v.example.com/a.mp4' }],
});
const video = (training.videos as { id: string }[])[0];
await create('hq', 'POST', '/api/training-assignments', { trainingIds: [training.id], staffIds: [staff.id] });
const assignmentId = (
  (await create('hq', 'GET', `/api/training-assignments/people/${staff.id}`)) as unknown as { id: string }[]
)[0]?.id;
const takerQuiz = await create('staff', 'GET', `/api/trainings/${training.id}/quiz`);
const question = (takerQuiz.questions as { id: string; options: { id: string }[] }[])[0];
const announcement = await create('hq', 'POST', '/api/announcements', { title: 'Welcome', description: 'Hello all' });
const apiToken = await create('hq', 'POST', '/api/api-tokens', {
  name: 'Hostile warehouse',
  scopes: ['restaurants:read', 'audits:write'],
  expiresInDays: 30,
});
/** Whom the users routes edit, deactivate and delete: nobody signed in. */
const victim = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
if (!video || !assignmentId || !question?.options[0] || !auditItems[0]) throw new Error('fixture incomplete');

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Ids named by a field of that name, wherever it appears. */
const NAMED_IDS: Record<string, string> = {
  restaurantId: restaurant.id,
  selectedRestaurants: restaurant.id,
  templateIds: String(template.id),
  auditorId: hq.id,
  categoryIds: String(category.id),
  quizId: String(quiz.id),
  trainingIds: String(training.id),
  trainingId: String(training.id),
  staffIds: staff.id,
  questionId: question.id,
  optionId: question.options[0].id,
  videoId: video.id,
  uploadId: NIL_UUID,
};

/** What `{id}` means on a route, by its first path segment. */
const RESOURCE_IDS: Record<string, string> = {
  restaurants: restaurant.id,
  users: victim.id,
  'audit-templates': String(template.id),
  audits: String(audit.id),
  trainings: String(training.id),
  quizzes: String(quiz.id),
  'training-assignments': assignmentId,
  announcements: String(announcement.id),
  'store-performance': restaurant.id,
  'api-tokens': String(apiToken.id),
};

/**
 * What a route's generated body lacks to be valid: the staff form edits (a new person
 * would need a password, and hashing one per request is slow).
 */
const BASELINE_EXTRAS: Record<string, Json> = { 'POST /api/users': { id: victim.id } };

/** An `id` inside an array of this name. */
const NESTED_IDS: Record<string, string> = { items: auditItems[0].id, videos: video.id };

// ---------------------------------------------------------------------------------------
// The routes, from the OpenAPI document.

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface Route {
  method: string;
  path: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
  /** The statuses its document lists. */
  documented: number[];
  /** It names an action of the permission table (`x-action`): signed out, it answers 401 and nothing else. */
  guarded: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const doc = t.app.swagger() as unknown as {
  paths: Record<
    string,
    Partial<
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content: Json }; responses?: Json; 'x-action'?: string }
      >
    >
  >;
};
const routes: Route[] = Object.entries(doc.paths).flatMap(([path, operations]) =>
  METHODS.flatMap((method) => {
    const operation = operations[method];
    if (!operation) return [];
    const parameters = operation.parameters ?? [];
    const json = operation.requestBody?.content['application/json'] as { schema: JsonSchema } | undefined;
    return [
      {
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: json?.schema,
        documented: Object.keys(operation.responses ?? {}).map(Number),
        guarded: operation['x-action'] !== undefined,
      },
    ];
  }),
);
const isWrite = (route: Route) => route.method !== 'GET';

// ---------------------------------------------------------------------------------------
// Valid values, generated from a schema; fresh on each call (unique names and emails).

let serial = 0;

/** The branch of an anyOf that carries the constraints (not the `''` or `null` shortcut). */
function unwrap(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  const real = branches.filter((b) => !(b.enum?.length === 1 && (b.enum[0] === '' || b.enum[0] === null)));
  const chosen = real.find((b) => b.type !== 'array') ?? real[0] ?? branches[0] ?? {};
  return { ...unwrap(chosen), nullable: schema.nullable || branches.some((b) => b.type === 'null') };
}

type Kind = 'uuid' | 'datetime' | 'enum' | 'email' | 'text' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

function kindOf(raw: JsonSchema, name: string): Kind {
  const schema = unwrap(raw);
  if (schema.enum) return 'enum';
  if (schema.type === 'string') {
    if (schema.format === 'uuid') return 'uuid';
    if (schema.format === 'date-time') return 'datetime';
    if (/email/i.test(name)) return 'email';
    return 'text';
  }
  if (schema.type === 'integer' || schema.type === 'number' || schema.type === 'boolean' || schema.type === 'array') {
    return schema.type;
  }
  return 'object';
}

async function currentAuditVersion() {
  const result = (await t.db.execute(sql`select version from audits where id = ${audit.id}`)) as {
    rows: { version: number }[];
  };
  return result.rows[0]?.version ?? 1;
}

/** A valid value for the field `name` (inside `parent`) of `route`. */
async function sample(route: Route, raw: JsonSchema, name: string, parent?: string): Promise<unknown> {
  const schema = unwrap(raw);
  const kind = kindOf(schema, name);
  if (kind === 'array') {
    const count = Math.max(schema.minItems ?? 1, 1);
    const items = schema.items ?? {};
    return Promise.all(Array.from({ length: count }, () => sample(route, items, name, parent)));
  }
  if (kind === 'object') {
    const value: Json = {};
    for (const key of schema.required ?? []) {
      const property = schema.properties?.[key];
      if (property) value[key] = await sample(route, property, key, name);
    }
    return value;
  }
  if (kind === 'enum') return schema.enum?.[0];
  if (kind === 'boolean') return true;
  if (kind === 'integer' || kind === 'number') {
    if (name === 'version') return currentAuditVersion();
    return typeof schema.default === 'number' ? schema.default : (schema.minimum ?? 1);
  }
  if (kind === 'datetime') return new Date(Date.now() + 7 * 86_400_000).toISOString();
  serial += 1;
  if (kind === 'email') return `hostile${serial}@example.com`;
  const named = NAMED_IDS[name] ?? (name === 'id' ? (parent && NESTED_IDS[parent]) || resourceId(route) : undefined);
  if (named) return named;
  if (kind === 'uuid') return NIL_UUID;
  if (/url/i.test(name)) return `https://v.example.com/${serial}.mp4`;
  const text = `Valid ${name} ${serial}`;
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 1000);
}

function resourceId(route: Route) {
  const segment = route.path.split('/')[2] ?? '';
  return RESOURCE_IDS[segment] ?? NIL_UUID;
}

// ---------------------------------------------------------------------------------------
// Hostile values. `reject`: must be refused with a 4xx. Otherwise it may be valid: then
// a 2xx must store it as sent (after trimming).

interface Hostile {
  label: string;
  value: unknown;
  reject: boolean;
  /** Sent as raw JSON text instead of the value (numbers JSON.stringify cannot write). */
  rawJson?: string;
}

const reject = (label: string, value: unknown): Hostile => ({ label, value, reject: true });
const maybe = (label: string, value: unknown): Hostile => ({ label, value, reject: false });

const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const JUST_UNDER_LIMIT = 'x'.repeat(BODY_LIMIT - 4096);

const TEXT: Hostile[] = [
  maybe('empty', ''),
  maybe('blank', '   '),
  reject('NUL', 'a\u0000b'),
  reject('only NUL', '\u0000'),
  maybe('control characters', 'bell\u0007 esc\u001b del\u007f'),
  maybe('RTL override', 'abc\u202Egnp.exe'),
  maybe('RTL marks', '\u200Fשלום עולם\u200E'),
  maybe('zero width', 'zero\u200Bwidth\u2060join'),
  maybe('emoji', '🍔🍟 Café 東京 👩🏽‍🍳'),
  maybe('combining marks', 'Z̷̢a̴l̶g̸o'),
  reject('lone high surrogate', 'a\uD800b'),
  reject('lone low surrogate', '\uDC00'),
  maybe('SQL or', "' or 1=1 --"),
  maybe('SQL drop', "'; drop table users; --"),
  maybe('LIKE wildcards', '%_\\'),
  maybe('HTML', '<script>alert(1)</script>'),
  maybe('HTML attribute', '"><img src=x onerror=alert(1)>'),
  maybe('template syntax', '{{7*7}} \u0024{7*7}'),
  maybe('path traversal', '../../etc/passwd'),
  maybe('percent NUL', '%00'),
  maybe('CRLF', 'line1\r\nline2'),
  reject('1 MB', JUST_UNDER_LIMIT),
];

const UUIDS: Hostile[] = [
  reject('not a uuid', 'not-a-uuid'),
  reject('empty', ''),
  reject('SQL or', "' or 1=1 --"),
  reject('SQL drop', "'; drop table users; --"),
  reject('path traversal', '../../etc/passwd'),
  reject('percent NUL', '%00'),
  reject('NUL', `${NIL_UUID}\u0000`),
  reject('very long', 'a'.repeat(10_000)),
  reject('braces', `{${randomUUID()}}`),
  reject('no dashes', randomUUID().replaceAll('-', '')),
  reject('padded', ` ${randomUUID()} `),
  reject('version 0', '12345678-1234-0234-8234-123456789012'),
  reject('emoji', '😀'),
  maybe('nil uuid', NIL_UUID),
  maybe('unknown uppercase', randomUUID().toUpperCase()),
];

const WRONG_FOR_STRING: Hostile[] = [
  reject('number', 123),
  reject('boolean', true),
  reject('object', { $ne: '' }),
  reject('array', ['a']),
];

function numberValues(schema: JsonSchema, integer: boolean): Hostile[] {
  const ok = (n: number) =>
    Number.isFinite(n) &&
    (!integer || Number.isSafeInteger(n)) &&
    n >= (schema.minimum ?? -Infinity) &&
    n <= (schema.maximum ?? Infinity);
  const numbers: [string, number][] = [
    ['zero', 0],
    ['negative', -1],
    ['fraction', 1.5],
    ['huge', 1e308],
    ['negative huge', -1e308],
    ['2**31', 2 ** 31],
    ['2**53+1', 2 ** 53 + 1],
  ];
  const strings = ['1', 'abc', 'NaN', 'Infinity', '', '1e3'];
  return [
    ...numbers.map(([label, n]) => ({ label, value: n, reject: !ok(n) })),
    // A coercing field may accept a numeric string.
    ...strings.map((s) => ({ label: `string ${JSON.stringify(s)}`, value: s, reject: !ok(Number(s)) })),
    { label: '1e400 (Infinity)', value: 0, reject: true, rawJson: '1e400' },
    { label: '-0', value: 0, reject: !ok(0), rawJson: '-0' },
    { label: '1e-400', value: 0, reject: !ok(0), rawJson: '1e-400' },
    reject('boolean', true),
    reject('object', {}),
    reject('array', [1]),
  ];
}

/** The hostile values for a field of this schema. */
function valuesFor(raw: JsonSchema, name: string): Hostile[] {
  const schema = unwrap(raw);
  const kind = kindOf(schema, name);
  const nullValue = schema.nullable ? maybe('null', null) : reject('null', null);
  const deep: Hostile[] = [
    { label: 'deep object', value: 0, reject: kind !== 'object', rawJson: deepObject(10_000) },
    { label: 'deep array', value: 0, reject: true, rawJson: deepArray(10_000) },
  ];
  switch (kind) {
    case 'uuid':
      return [...UUIDS, ...WRONG_FOR_STRING, nullValue, ...deep];
    case 'datetime':
      return [
        reject('words', 'tomorrow'),
        reject('month 13', '2030-13-01T00:00:00Z'),
        reject('February 30', '2030-02-30T00:00:00Z'),
        reject('date only', '2030-01-01'),
        reject('five-digit year', '99999-01-01T00:00:00Z'),
        maybe('year 0', '0000-01-01T00:00:00Z'),
        maybe('year 9999', '9999-12-31T23:59:59.999Z'),
        maybe('offset +23:00', '2030-01-01T00:00:00+23:00'),
        maybe('epoch', '1970-01-01T00:00:00Z'),
        reject('NUL', '2030-01-01T00:00:00Z\u0000'),
        reject('number', 1_700_000_000),
        nullValue,
        ...deep,
      ];
    case 'enum': {
      const first = String(schema.enum?.[0] ?? '');
      return [
        reject('unknown', 'not-a-choice'),
        reject('empty', ''),
        reject('upper case', first.toUpperCase() === first ? `${first}x` : first.toUpperCase()),
        reject('padded', ` ${first} `),
        reject('SQL', "' or 1=1 --"),
        reject('NUL', `${first}\u0000`),
        ...WRONG_FOR_STRING,
        nullValue,
        ...deep,
      ];
    }
    case 'email':
      return [
        ...TEXT,
        maybe('upper case', `HOSTILE${++serial}@EXAMPLE.COM`),
        maybe('unicode', `ünïcødé${++serial}@exämple.com`),
        reject('NUL', `nul${++serial}\u0000@example.com`),
        maybe('SQL', `x'or'1'='1${++serial}@example.com`),
        maybe('HTML', `<b>${++serial}</b>@example.com`),
        ...WRONG_FOR_STRING,
        nullValue,
        ...deep,
      ];
    case 'text': {
      const max = schema.maxLength;
      const lengths: Hostile[] = max
        ? [
            reject('one over max length', 'x'.repeat(max + 1)),
            maybe('max length of emoji', '😀'.repeat(Math.floor(max / 2))),
          ]
        : [];
      return [...TEXT, ...lengths, ...WRONG_FOR_STRING, nullValue, ...deep];
    }
    case 'integer':
    case 'number':
      return [...numberValues(schema, kind === 'integer'), nullValue, ...deep];
    case 'boolean':
      return [
        reject('string "true"', 'true'),
        reject('1', 1),
        reject('0', 0),
        reject('"yes"', 'yes'),
        reject('object', {}),
        nullValue,
        ...deep,
      ];
    case 'array': {
      const tooMany = schema.maxItems !== undefined && schema.maxItems <= 5000;
      return [
        reject('object', {}),
        reject('string', 'x'),
        reject('number', 1),
        (schema.minItems ?? 0) > 0 ? reject('empty', []) : maybe('empty', []),
        ...(tooMany ? [{ label: 'one over max items', value: 'TOO_MANY', reject: true }] : []),
        nullValue,
        ...deep,
      ];
    }
    case 'object':
      return [
        reject('array', []),
        reject('string', 'x'),
        reject('number', 1),
        (schema.required?.length ?? 0) > 0 ? reject('empty', {}) : maybe('empty', {}),
        nullValue,
        ...deep,
      ];
  }
}

/** Every field of a body schema: its path, schema and name, into arrays (first item) and objects. */
interface Field {
  path: (string | number)[];
  schema: JsonSchema;
  name: string;
  parent?: string;
}

function fieldsOf(raw: JsonSchema, path: (string | number)[] = [], name?: string, depth = 0): Field[] {
  if (depth > 4) return [];
  const schema = unwrap(raw);
  if (schema.type === 'array' && schema.items) {
    const itemName = name ?? 'item';
    return [
      { path: [...path, 0], schema: schema.items, name: itemName, parent: itemName },
      ...fieldsOf(schema.items, [...path, 0], itemName, depth + 1),
    ];
  }
  if (schema.type === 'object' || schema.properties) {
    return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => [
      { path: [...path, key], schema: property, name: key, parent: name },
      ...fieldsOf(property, [...path, key], key, depth + 1),
    ]);
  }
  return [];
}

// ---------------------------------------------------------------------------------------
// Sending, and checking every answer.

interface Request {
  label: string;
  role: Role;
  method: string;
  url: string;
  /** Raw body text. */
  payload?: string;
  contentType?: string;
  /** Must be refused (4xx). */
  reject: boolean;
  /** Must be accepted (2xx) when the same request with valid input is. */
  accept?: boolean;
  /** Exactly this status. */
  status?: number;
  /** A text that, if accepted, must come back verbatim under this key. */
  roundTrip?: { key: string; value: string };
}

/** 414: Fastify's answer to a path parameter over its 100 characters (maxParamLength). */
const ALLOWED_4XX = [400, 401, 403, 404, 409, 413, 414, 415];
const STACK_TRACE = /\n\s+at |\bat [^\s]+ \(|\.(ts|js|mjs):\d+|node_modules|file:\/\//;
const LEAKED_ERROR = /\b(Type|Range|Syntax|Reference)?Error:|\bZodError\b/;
const LEAKED_SQL =
  /\bselect\b.*\bfrom\b|insert into|syntax error|violates|relation "|invalid input syntax|invalid byte sequence|out of range for type/i;

const totals = { requests: 0, routes: 0, fiveXX: 0, serverState: 0, accepted: 0, refused: 0, signedOut: 0 };
const statusCounts = new Map<number, number>();

/** The tables whose checksum differs between two `tablesChecksum` answers. */
function changedTables(before: string, after: string): string {
  const was = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((table) => !was.has(table))
    .map((table) => table.split(':')[0])
    .join(', ');
}

/**
 * Every table's rows, hashed. On PostgreSQL without parallel workers: it planned the union
 * of ~90 small tables as a parallel append, whose workers cost 250–450 ms to start where
 * the work takes 40 ms, and this runs after nearly every request (800 s of the file on CI).
 */
async function tablesChecksum(): Promise<string> {
  const result = (await (t.database.driver === 'postgres'
    ? t.db.transaction(async (tx) => {
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        return tx.execute(checksumQuery);
      })
    : t.db.execute(checksumQuery))) as { rows: { t: string; n: number; h: string }[] };
  // Sorted here: a union's rows come in no set order (PostgreSQL may run its parts in parallel).
  return result.rows
    .map((row) => `${row.t}:${row.n}:${row.h}`)
    .sort()
    .join(' ');
}
// The activity log (issue 36) is left out: a read may write one entry there by design (an
// export records which list and how many rows), and so may a refused sign-in; an entry of
// a change is written in the change's transaction, so the other tables show the change.
const tables = (
  (await t.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('activity_log', 'activity_chain_heads') and table_name not like 'activity\_log\_%'
        order by 1`,
  )) as { rows: { name: string }[] }
).rows.map((row) => row.name);
const checksumQuery = sql.raw(
  tables
    .map(
      (name) =>
        `select '${name}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from "${name}" x`,
    )
    .join(' union all '),
);

/** Every value under `key` anywhere in `value`. */
function valuesUnder(value: unknown, key: string, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) valuesUnder(item, key, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) found.push(v);
      valuesUnder(v, key, found);
    }
  }
  return found;
}

/** What a route answered to valid input, for the role sending. */
interface Context {
  route: Route;
  baselineStatus: number;
}

/**
 * A 5xx the route documents and answered to valid input as well (a health check
 * reporting the database down) is the server's state, not the input's doing.
 */
const isServerState = (status: number, context: Context) =>
  status === context.baselineStatus && context.route.documented.includes(status);

function problemsOf(request: Request, response: LightMyRequestResponse, context: Context): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  const body = response.body;
  const contentType = String(response.headers['content-type'] ?? '');
  if (status >= 500 && !isServerState(status, context)) problems.push(`${status}`);
  else if (status >= 400 && !ALLOWED_4XX.includes(status)) problems.push(`undocumented status ${status}`);
  if (request.status !== undefined && status !== request.status) problems.push(`expected ${request.status}`);
  if (request.reject && status < 400) problems.push(`accepted invalid input (${status})`);
  if (request.accept && context.baselineStatus < 300 && status >= 300) problems.push(`refused valid input (${status})`);
  if (status >= 400) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {}
    if (!contentType.includes('application/json') || typeof (json as Json | undefined)?.message !== 'string') {
      problems.push('error body is not JSON with a message');
    }
    if (LEAKED_ERROR.test(body)) problems.push('error name in the reply');
    if (LEAKED_SQL.test(body)) problems.push('SQL in the reply');
  }
  if (STACK_TRACE.test(body)) problems.push('stack trace in the reply');
  if (status >= 200 && status < 300 && request.roundTrip && contentType.includes('application/json')) {
    const { key, value } = request.roundTrip;
    const stored = valuesUnder(JSON.parse(body), key);
    const expected = value.trim();
    const matches = (v: unknown) =>
      v === expected || v === value || (key.toLowerCase().includes('email') && v === expected.toLowerCase());
    if (expected !== '' && stored.length > 0 && !stored.some(matches)) {
      problems.push(`stored ${JSON.stringify(stored).slice(0, 120)} instead of ${JSON.stringify(value).slice(0, 80)}`);
    }
  }
  return problems.map(
    (problem) =>
      `${request.method} ${request.url.slice(0, 120)} as ${request.role} [${request.label}]: ${problem} — ${status} ${body.slice(0, 200)}`,
  );
}

async function send(request: Request, { signedOut = false } = {}) {
  // The sensors' intake (issue 37) is public with a signature of its own: its hostile bodies
  // come signed with a real device's key, so they reach the parser and the schema.
  if (request.url === SENSOR_INTAKE && !signedOut) return sendSigned(request);
  return t.request(signedOut ? undefined : cookies[request.role], {
    method: request.method as 'GET',
    url: request.url,
    payload: request.payload,
    headers: request.payload !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {},
  });
}

const SENSOR_INTAKE = '/api/sensors/readings';
const sensor = await create('hq', 'POST', '/api/sensors/devices', {
  name: 'Hostile fridge',
  restaurantId: restaurant.id,
  kind: 'fridge',
  lowC: 0,
  highC: 5,
});

function sendSigned(request: Request) {
  const raw = request.payload;
  const body = raw === undefined ? '' : typeof raw === 'string' || Buffer.isBuffer(raw) ? raw : JSON.stringify(raw);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signingKey = createHash('sha256').update(String(sensor.key)).digest();
  const signature = createHmac('sha256', signingKey).update(`${timestamp}.`).update(body).digest('hex');
  return t.app.inject({
    method: request.method as 'POST',
    url: request.url,
    payload: body,
    headers: {
      'content-type': request.contentType ?? 'application/json',
      'x-sensor-device': String(sensor.id),
      'x-sensor-timestamp': timestamp,
      'x-sensor-signature': signature,
    },
  });
}

/**
 * Sends the requests of one route; refused writes must leave every table as it was.
 * Those that must be refused go first, checked as one block (a checksum before and
 * after; only if it differs are they sent again one by one, to name the culprit); the
 * others are checked one by one, since an accepted one changes the tables.
 */
async function run(requests: Request[], context: Context): Promise<string[]> {
  const problems: string[] = [];
  const mustRefuse = requests.filter((r) => r.reject);
  let before = await tablesChecksum();
  for (const request of mustRefuse) problems.push(...count(request, await send(request), context));
  let after = await tablesChecksum();
  if (after !== before) {
    for (const request of mustRefuse.filter((r) => r.method !== 'GET')) {
      before = after;
      const response = await send(request);
      after = await tablesChecksum();
      if (after !== before) {
        problems.push(
          `${request.method} ${request.url} [${request.label}]: must be refused, answered ${response.statusCode} and changed the database (${changedTables(before, after)})`,
        );
      }
    }
  }
  before = after;
  for (const request of requests.filter((r) => !r.reject)) {
    const response = await send(request);
    problems.push(...count(request, response, context));
    if (request.method === 'GET') continue;
    after = await tablesChecksum();
    if (response.statusCode >= 400 && after !== before) {
      problems.push(
        `${request.method} ${request.url} [${request.label}]: refused (${response.statusCode}) but changed the database (${changedTables(before, after)})`,
      );
    }
    before = after;
  }
  if (requests.every((r) => r.method === 'GET') && (await tablesChecksum()) !== before) {
    problems.push(`${requests[0]?.method} ${requests[0]?.url}: reading changed the database`);
  }
  return problems;
}

/**
 * Issue 15: the same requests without a session. Whatever is wrong with them, a guarded
 * route answers 401 before it reads or validates anything, and nothing changes. Those
 * whose path is another route's (an empty segment, an id with a slash in it) are left out.
 */
async function runSignedOut(route: Route, requests: Request[]): Promise<string[]> {
  const problems: string[] = [];
  const segments = (url: string) => (url.split('?')[0] ?? '').split('/');
  const sameRoute = (request: Request) =>
    segments(request.url).length === segments(route.path).length && segments(request.url).every((s, i) => s || !i);
  const before = await tablesChecksum();
  for (const request of requests.filter(sameRoute)) {
    const response = await send(request, { signedOut: true });
    totals.requests += 1;
    totals.signedOut += 1;
    if (response.statusCode < 400) totals.accepted += 1;
    else totals.refused += 1;
    statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode !== 401 || response.json().message !== 'Please sign in to continue.') {
      problems.push(
        `${request.method} ${request.url.slice(0, 120)} signed out [${request.label}]: not 401 — ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    }
  }
  if ((await tablesChecksum()) !== before) problems.push('signed-out requests changed the database');
  return problems;
}

function count(request: Request, response: LightMyRequestResponse, context: Context): string[] {
  totals.requests += 1;
  statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
  if (response.statusCode >= 500) {
    if (isServerState(response.statusCode, context)) totals.serverState += 1;
    else totals.fiveXX += 1;
  }
  if (response.statusCode < 400) totals.accepted += 1;
  else totals.refused += 1;
  return problemsOf(request, response, context);
}

// ---------------------------------------------------------------------------------------
// Building a route's requests.

interface Baseline {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
}

async function baselineOf(route: Route): Promise<Baseline> {
  const params: Record<string, string> = {};
  for (const p of route.params) params[p.name] = String(await sample(route, p.schema, p.name));
  const query: Record<string, string | string[]> = {};
  for (const p of route.query.filter((q) => q.required)) query[p.name] = String(await sample(route, p.schema, p.name));
  let body = route.body ? await sample(route, route.body, 'body') : undefined;
  const extras = BASELINE_EXTRAS[`${route.method} ${route.path}`];
  if (extras) body = { ...(body as Json), ...extras };
  return { params, query, body };
}

/** Query values are sent as given: already percent-encoded where they need to be. */
function urlOf(route: Route, params: Record<string, string>, query: Record<string, string | string[]>) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? NIL_UUID);
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(key)}=${v}`),
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

const encode = (value: Baseline['query']) =>
  Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map((x) => encodeURIComponent(x)) : encodeURIComponent(v),
    ]),
  );

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const container = (
    typeof head === 'number' ? (Array.isArray(target) ? [...target] : []) : { ...((target as Json) ?? {}) }
  ) as Record<string | number, unknown>;
  container[head] = setAt(container[head], rest, value);
  return container;
}

function withoutAt(target: unknown, path: (string | number)[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined || typeof target !== 'object' || target === null) return target;
  const copy = (Array.isArray(target) ? [...target] : { ...target }) as Record<string | number, unknown>;
  if (rest.length === 0) delete copy[head];
  else copy[head] = withoutAt(copy[head], rest);
  return copy;
}

const RAW_MARK = '"__hostile_raw__"';

/** Whether a string can be percent-encoded (a lone surrogate cannot). */
function isWellFormed(value: string) {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** The JSON text of `body`, with a raw value in place of the mark (1e400, deep nesting). */
function jsonOf(body: unknown, raw?: string) {
  const text = JSON.stringify(body);
  return raw === undefined ? text : text.replace(RAW_MARK, raw);
}

const PATH_VALUES: Hostile[] = [
  // An empty segment is another route (`/api/restaurants/` is the list): whatever it answers.
  ...UUIDS.filter((h) => h.label !== 'NUL' && typeof h.value === 'string').map((h) =>
    h.label === 'empty' ? { ...h, reject: false } : h,
  ),
  reject('path traversal, encoded slashes', 'RAW:..%2F..%2Fetc%2Fpasswd'),
  reject('raw percent NUL', 'RAW:%00'),
  reject('raw bad escape', 'RAW:%E0%A4%A'),
  reject('raw lone percent', 'RAW:%'),
  reject('raw overlong slash', 'RAW:%C0%AF'),
  reject('raw encoded surrogate', 'RAW:%ED%A0%80'),
  reject('raw HTML', 'RAW:<script>alert(1)</script>'),
  reject('number', '1'),
  reject('negative', '-1'),
];

const QUERY_INTEGERS = [
  '0',
  '-1',
  '1.5',
  '1e308',
  '9007199254740993',
  'NaN',
  'Infinity',
  '-Infinity',
  'abc',
  '',
  ' ',
  '0x10',
  '1e3',
  '00002',
  '２',
  '1,5',
  "1' or '1'='1",
  '-0',
  '%00',
];

/** Raw (already encoded) query texts, sent as they are. */
const RAW_QUERY_TEXT: Hostile[] = [
  reject('raw percent NUL', '%00'),
  maybe('raw encoded lone surrogate', '%ED%A0%80'),
  maybe('raw bad escape', '%zz'),
  maybe('raw lone percent', '%'),
  maybe('raw overlong', '%C0%AF'),
  maybe('raw plus signs', 'a+b+c'),
];

async function requestsFor(route: Route, role: Role, baseline: () => Promise<Baseline>): Promise<Request[]> {
  const requests: Request[] = [];
  const base = await baseline();
  const write = isWrite(route);

  // Path parameters.
  for (const p of route.params) {
    const values = p.schema.enum
      ? [reject('unknown', 'not-a-choice'), reject('SQL', "' or 1=1 --"), reject('raw percent NUL', 'RAW:%00')]
      : PATH_VALUES;
    for (const hostile of values) {
      const value = String(hostile.value);
      const encoded = value.startsWith('RAW:') ? value.slice(4) : encodeURIComponent(value);
      const b = await baseline();
      requests.push({
        label: `path ${p.name}: ${hostile.label}`,
        role,
        method: route.method,
        url: urlOf(route, { ...b.params, [p.name]: encoded }, encode(b.query)),
        payload: b.body === undefined ? undefined : jsonOf(b.body),
        reject: hostile.reject,
      });
    }
  }

  // Query parameters.
  for (const p of route.query) {
    const schema = unwrap(p.schema);
    const kind = kindOf(p.schema, p.name);
    const push = async (label: string, value: string | string[], hostile: Partial<Request>) => {
      const b = await baseline();
      requests.push({
        label: `query ${p.name}: ${label}`,
        role,
        method: route.method,
        url: urlOf(route, b.params, { ...encode(b.query), [p.name]: value }),
        reject: false,
        ...hostile,
      });
    };
    if (kind === 'integer' || kind === 'number') {
      for (const text of QUERY_INTEGERS) {
        const n = text === '%00' ? Number.NaN : Number(text);
        const valid =
          Number.isFinite(n) &&
          (kind === 'number' || Number.isSafeInteger(n)) &&
          n >= (schema.minimum ?? -Infinity) &&
          n <= (schema.maximum ?? Infinity);
        const sent = text === '%00' ? text : encodeURIComponent(text);
        await push(JSON.stringify(text), sent, valid ? { accept: true } : { reject: true });
      }
      await push('repeated', ['1', '2'], { reject: true });
      continue;
    }
    const values = valuesFor(p.schema, p.name).filter(
      (h) => typeof h.value === 'string' && h.rawJson === undefined && h.label !== '1 MB' && isWellFormed(h.value),
    );
    for (const hostile of values) {
      await push(hostile.label, encodeURIComponent(String(hostile.value)), { reject: hostile.reject });
    }
    await push('10 kB', 'x'.repeat(10_000), { reject: kind !== 'text' || (schema.maxLength ?? Infinity) < 10_000 });
    await push('repeated', [encodeURIComponent(String(await sample(route, p.schema, p.name))), 'x'], { reject: true });
    if (kind === 'text') {
      for (const hostile of RAW_QUERY_TEXT)
        await push(hostile.label, String(hostile.value), { reject: hostile.reject });
    }
  }
  if (route.method === 'GET') {
    requests.push({
      label: 'unknown query parameters',
      role,
      method: route.method,
      url: urlOf(route, base.params, {
        ...encode(base.query),
        __proto__x: '1',
        'constructor[prototype]': 'x',
        unknown: '%00',
      }),
      reject: false,
    });
  }

  if (!write) return requests;

  // The body. A route that takes none gets it aimed at no row, so that nothing is deleted.
  const nowhere = Object.fromEntries(
    route.params.map((p) => [p.name, p.schema.enum ? (base.params[p.name] ?? '') : NIL_UUID]),
  );
  const bodyUrl = urlOf(route, route.body ? base.params : nowhere, encode(base.query));
  const bodyRequest = (label: string, payload: string | undefined, hostile: Partial<Request>): Request => ({
    label: `body: ${label}`,
    role,
    method: route.method,
    url: bodyUrl,
    payload,
    reject: false,
    ...hostile,
  });
  const schema = route.body ? unwrap(route.body) : undefined;
  const hasRequired = (schema?.required?.length ?? 0) > 0;

  for (const text of ['{', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', '{"a":1}x', 'nul', 'undefined', '\u0000', '']) {
    requests.push(bodyRequest(`malformed ${JSON.stringify(text)}`, text, { reject: true, status: 400 }));
  }
  requests.push(
    bodyRequest('__proto__ key', `{"__proto__":{"polluted":true},${jsonOf(base.body ?? {}).slice(1)}`, {
      reject: true,
    }),
    bodyRequest('constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}', { reject: true }),
    bodyRequest('over the body limit', jsonOf({ ...(base.body as Json), padding: 'x'.repeat(BODY_LIMIT + 1) }), {
      reject: true,
      status: 413,
    }),
    // Fastify reads text/plain as a string, which no body schema accepts.
    bodyRequest('text/plain', jsonOf(base.body ?? {}), { contentType: 'text/plain', reject: true }),
    bodyRequest('form encoded', 'a=1&b=2', {
      contentType: 'application/x-www-form-urlencoded',
      reject: true,
      status: 415,
    }),
    bodyRequest('xml', '<a>1</a>', { contentType: 'application/xml', reject: true, status: 415 }),
    bodyRequest('json, charset latin1', jsonOf(base.body ?? {}), { contentType: 'application/json; charset=latin1' }),
    bodyRequest('deep object, 10,000 levels', deepObject(10_000), { reject: hasRequired }),
    bodyRequest('deep object, 100,000 levels', deepObject(100_000), { reject: hasRequired }),
    bodyRequest('deep array, 10,000 levels', deepArray(10_000), { reject: true }),
    bodyRequest('50,000 keys', jsonOf(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]))), {
      reject: hasRequired,
    }),
  );
  if (!schema) return requests;

  for (const [label, text] of [
    ['array', '[]'],
    ['string', '"x"'],
    ['number', '123'],
    ['null', 'null'],
    ['boolean', 'true'],
  ] as const) {
    requests.push(bodyRequest(`top-level ${label}`, text, { reject: true }));
  }
  requests.push(bodyRequest('array of the valid body', `[${jsonOf(base.body)}]`, { reject: true }));
  requests.push(bodyRequest('empty object', '{}', { reject: hasRequired }));
  for (const key of schema.required ?? []) {
    const b = await baseline();
    requests.push(bodyRequest(`missing ${key}`, jsonOf(withoutAt(b.body, [key])), { reject: true }));
  }
  {
    const b = await baseline();
    requests.push(
      bodyRequest('unknown fields', jsonOf({ ...(b.body as Json), unknownField: 'x', isAdmin: true, __v: 0 }), {
        reject: false,
      }),
    );
  }

  for (const field of fieldsOf(schema)) {
    const key = field.path.join('.');
    for (const hostile of valuesFor(field.schema, field.name)) {
      const b = await baseline();
      let value = hostile.rawJson !== undefined ? '__hostile_raw__' : hostile.value;
      if (value === 'TOO_MANY') {
        const items = unwrap(field.schema);
        const one = await sample(route, items.items ?? {}, field.name, field.parent);
        value = Array.from({ length: (items.maxItems ?? 0) + 1 }, () => one);
      }
      const kind = kindOf(field.schema, field.name);
      const isText = (kind === 'text' || kind === 'email') && typeof hostile.value === 'string';
      requests.push({
        label: `${key}: ${hostile.label}`,
        role,
        method: route.method,
        url: urlOf(route, b.params, encode(b.query)),
        payload: jsonOf(setAt(b.body, field.path, value), hostile.rawJson),
        reject: hostile.reject,
        roundTrip:
          isText && typeof field.path.at(-1) === 'string'
            ? { key: field.name, value: String(hostile.value) }
            : undefined,
      });
    }
  }
  return requests;
}

// ---------------------------------------------------------------------------------------
// Who sends them: hq, the most permitted role; staff where only staff may, and on what
// staff do above all (taking a quiz, watching a video); a manager where only managers may.

const ALSO_AS_STAFF = /\/quiz\/attempts$|\/watched$/;

async function rolesFor(route: Route): Promise<{ roles: Role[]; baselineStatus: Record<Role | 'nobody', number> }> {
  const permitted = {} as Record<Role | 'nobody', boolean>;
  const baselineStatus = {} as Record<Role | 'nobody', number>;
  for (const role of ['hq', 'manager', 'staff', 'nobody'] as const) {
    const b = await baselineOf(route);
    // Probing must not delete or change what the path names: writes aim at no row.
    const params = isWrite(route) ? Object.fromEntries(Object.keys(b.params).map((k) => [k, NIL_UUID])) : b.params;
    const enumParams = Object.fromEntries(
      route.params.filter((p) => p.schema.enum).map((p) => [p.name, b.params[p.name] ?? '']),
    );
    const response = await t.request(role === 'nobody' ? undefined : cookies[role], {
      method: route.method as 'GET',
      url: urlOf(route, { ...params, ...enumParams }, encode(b.query)),
      payload: b.body === undefined ? undefined : jsonOf(b.body),
      headers: b.body === undefined ? {} : { 'content-type': 'application/json' },
    });
    totals.requests += 1;
    permitted[role] = response.statusCode !== 403 && response.statusCode !== 401;
    baselineStatus[role] = response.statusCode;
  }
  const roles: Role[] = [];
  if (permitted.hq) roles.push('hq');
  if (permitted.staff && (!permitted.hq || ALSO_AS_STAFF.test(route.path))) roles.push('staff');
  if (roles.length === 0) roles.push(permitted.manager ? 'manager' : 'hq');
  return { roles, baselineStatus };
}

/** Every route: those without inputs still get unknown parameters and, for writes, stray bodies. */
const targets = routes;

/**
 * The battery of one route, sent once however many tests ask for it: its own test, and
 * `totals`, which asks for every route's so that it holds when run alone.
 */
const batteries = new Map<Route, Promise<string[]>>();
function battery(route: Route): Promise<string[]> {
  let sent = batteries.get(route);
  if (!sent) {
    sent = sendBattery(route);
    batteries.set(route, sent);
  }
  return sent;
}

async function sendBattery(route: Route): Promise<string[]> {
  const { roles, baselineStatus } = await rolesFor(route);
  const problems: string[] = [];
  for (const role of roles) {
    const requests = await requestsFor(route, role, () => baselineOf(route));
    problems.push(...(await run(requests, { route, baselineStatus: baselineStatus[role] })));
    if (route.guarded && role === roles[0]) problems.push(...(await runSignedOut(route, requests)));
  }
  totals.routes += 1;
  return problems;
}

describe('hostile input never breaks the API', () => {
  test('the OpenAPI document lists the routes', () => {
    expect(targets.length).toBeGreaterThan(30);
    expect(targets.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/restaurants', 'GET /api/users', 'PUT /api/audits/{id}/draft']),
    );
  });

  test.each(targets.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_, route) => {
      const problems = await battery(route);
      expect(({} as Json).polluted).toBeUndefined();
      expect(problems).toEqual([]);
    },
    60_000,
  );

  test('unicode and HTML are stored as text, verbatim', async () => {
    const names = ['🍔 Café 東京 \u200Fשלום\u200E', '<script>alert(1)</script>', "'; drop table users; --"];
    for (const name of names) {
      const created = await t.request(hq.cookie, {
        method: 'POST',
        url: '/api/restaurants',
        payload: { name, city: name, country: 'NL', address: name },
      });
      expect(created.statusCode).toBe(201);
      const read = await t.request(hq.cookie, { method: 'GET', url: `/api/restaurants/${created.json().id}` });
      expect(read.json()).toMatchObject({ name, city: name, address: name });
    }
    const posted = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title: names[1], description: `<img src=x onerror=alert(1)> ${names[0]}` },
    });
    expect(posted.statusCode).toBe(201);
    const listed = await t.request(staff.cookie, { method: 'GET', url: '/api/announcements/recent' });
    expect(listed.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: names[1], description: `<img src=x onerror=alert(1)> ${names[0]}` }),
      ]),
    );
  });

  test("Better Auth's endpoints (not in the document) refuse hostile bodies too", async () => {
    const signIn = (payload: string) =>
      t.request(undefined, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    const bodies = [
      deepObject(10_000),
      deepObject(100_000),
      `{"email":${deepObject(10_000)},"password":"secret1"}`,
      deepArray(10_000),
      '{"email":',
      '[]',
      'null',
      JSON.stringify({ email: `${hq.email}\u0000`, password: 'correct-horse' }),
      JSON.stringify({ email: 'a\uD800@example.com', password: 'secret1' }),
      JSON.stringify({ email: "' or 1=1 --", password: "'; drop table users; --" }),
      JSON.stringify({ email: hq.email, password: JUST_UNDER_LIMIT }),
      JSON.stringify({ email: 1, password: { $ne: '' } }),
    ];
    const route: Route = {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      params: [],
      query: [],
      body: undefined,
      documented: [],
      guarded: false,
    };
    const context = { route, baselineStatus: 200 };
    const problems: string[] = [];
    for (const payload of bodies) {
      const request: Request = {
        label: payload.slice(0, 40),
        role: 'hq',
        method: 'POST',
        url: '/api/auth/sign-in/email',
        reject: true,
      };
      problems.push(...count(request, await signIn(payload), context));
    }
    const unknown: Request = {
      label: 'unknown path',
      role: 'hq',
      method: 'GET',
      url: '/api/auth/no-such-thing%00',
      reject: true,
    };
    problems.push(...count(unknown, await send(unknown), context));
    expect(problems).toEqual([]);
  });

  test("the passkey endpoints (Better Auth's, not in the document) refuse hostile bodies too", async () => {
    const problems: string[] = [];
    const answer = (response: Json) => JSON.stringify({ response });
    const credential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key' };
    const bodies = [
      deepObject(10_000),
      `{"response":${deepObject(10_000)}}`,
      deepArray(10_000),
      '{"response":',
      '[]',
      'null',
      answer({}),
      answer({ ...credential, response: { clientDataJSON: 'AAAA\u0000', authenticatorData: 'AA', signature: 'AA' } }),
      answer({ ...credential, response: { clientDataJSON: "' or 1=1 --", authenticatorData: 'AA', signature: 'AA' } }),
      answer({
        ...credential,
        response: { clientDataJSON: JUST_UNDER_LIMIT, authenticatorData: 'AA', signature: 'AA' },
      }),
      // Well-formed base64url whose JSON inside is not a client data: refused, not a 5xx.
      answer({
        ...credential,
        response: {
          clientDataJSON: Buffer.from('{"challenge":{}}').toString('base64url'),
          authenticatorData: 'AA',
          signature: 'AA',
        },
      }),
      answer({
        ...credential,
        id: 'x'.repeat(5000),
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      }),
    ];
    for (const path of ['/api/auth/passkey/sign-in', '/api/auth/passkey/sign-in-options']) {
      const route: Route = {
        method: 'POST',
        path,
        params: [],
        query: [],
        body: undefined,
        documented: [],
        guarded: false,
      };
      for (const payload of bodies) {
        const request: Request = {
          label: payload.slice(0, 40),
          role: 'hq',
          method: 'POST',
          url: path,
          reject: path.endsWith('/sign-in'),
        };
        const response = await t.request(undefined, {
          method: 'POST',
          url: path,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        problems.push(...count(request, response, { route, baselineStatus: 200 }));
      }
    }
    expect(problems).toEqual([]);
  });

  test('the single sign-on callback (not in the document) answers hostile queries with a refusal, never a 5xx', async () => {
    const queries = [
      '',
      '?state=%00&code=%00',
      `?state=${'a'.repeat(10_000)}&code=x`,
      '?state=a&state=b&code=c&code=d',
      "?state=' or 1=1 --&code='; drop table users; --",
      '?error=access_denied&error_description=%3Cscript%3E',
      '?state=%E0%A4%A&code=%',
      '?iss=https%3A%2F%2Fevil.example.com&state=x&code=y',
    ];
    for (const query of queries) {
      const response = await t.request(undefined, {
        method: 'GET',
        url: `/api/auth/sso/callback${query}`,
        headers: { cookie: `brigade.sso_state=${encodeURIComponent('x'.repeat(100))}` },
      });
      expect(response.statusCode, `${query.slice(0, 40)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (response.statusCode === 302) expect(response.headers.location).toBe('/?sso=failed');
    }
  });

  test('the SCIM routes (not in the document) answer hostile input with SCIM errors, never a 5xx', async () => {
    const made = (await create('hq', 'POST', '/api/scim/tokens', { name: 'Hostile Entra' })) as { token: string };
    const scim = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: string) =>
      t.app.inject({
        method,
        url: `/scim/v2${url}`,
        headers: { authorization: `Bearer ${made.token}`, 'content-type': 'application/scim+json' },
        payload,
      });
    const bodies = [
      deepObject(10_000),
      deepArray(10_000),
      '{"userName":',
      '[]',
      'null',
      '"text"',
      JSON.stringify({ userName: `${'a'.repeat(2000)}@example.com` }),
      JSON.stringify({ userName: 'x\u0000@example.com', active: 'True' }),
      JSON.stringify({ userName: "' or 1=1 --@example.com", externalId: { $ne: '' } }),
      JSON.stringify({ userName: 'nul@example.com', name: { givenName: 'a\uD800' } }),
      JSON.stringify({ Operations: [{ op: 'Replace', path: 'active', value: { $ne: 1 } }] }),
      JSON.stringify({ Operations: [{ op: 'Add', value: { 'name.givenName': ['x'], displayName: 7 } }] }),
      JSON.stringify({ Operations: [{ op: 'Remove', path: 'members[value eq "\u0000"]' }] }),
      JSON.stringify({
        Operations: Array.from({ length: 1001 }, () => ({ op: 'Replace', path: 'displayName', value: 'x' })),
      }),
      JSON.stringify({ displayName: `<script>alert(1)</script>`, members: [{ value: "' or 1=1 --" }] }),
    ];
    const targets: ['POST' | 'PATCH' | 'PUT', string][] = [
      ['POST', '/Users'],
      ['PUT', `/Users/${staff.id}`],
      ['PATCH', `/Users/${staff.id}`],
      ['POST', '/Groups'],
      ['PATCH', `/Groups/${restaurant.id}`],
      ['PATCH', '/Users/%00'],
    ];
    const problems: string[] = [];
    for (const [method, url] of targets) {
      for (const payload of bodies) {
        const response = await scim(method, url, payload);
        if (response.statusCode >= 500 || (response.statusCode >= 400 && !response.body.includes('"status"'))) {
          problems.push(
            `${method} ${url} ${payload.slice(0, 40)}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    for (const filter of [
      'userName eq',
      '((((((',
      `userName eq "${'x'.repeat(900)}"`,
      'userName eq "\u0000"',
      'id eq 1',
      'a[b[c[d eq 1]]]',
    ]) {
      const response = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}&startIndex=-5&count=1e9`);
      if (response.statusCode >= 500) problems.push(`filter ${filter.slice(0, 40)}: ${response.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  test('a hostile Authorization: Bearer header on every guarded route is a 401, never a 5xx (issue 37)', async () => {
    const token = String(apiToken.token);
    const headers = [
      'Bearer',
      'Bearer garbage',
      `Bearer ${token.slice(4)}`,
      `Bearer brigade_scim_${token.slice(4)}`,
      `Bearer brg_${'A'.repeat(100_000)}`,
      `Bearer brg_${'\u00e9\u{1F600}'.repeat(30)}`,
      "Bearer brg_' or '1'='1",
      `Bearer ${token} extra`,
      `bEaReR\t${token}x`,
    ];
    const problems: string[] = [];
    for (const route of routes.filter((candidate) => candidate.guarded)) {
      const url = route.path.replace(/\{(\w+)\}/g, () => NIL_UUID);
      for (const authorization of headers) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization, cookie: hq.cookie },
          payload: isWrite(route) ? {} : undefined,
        });
        if (response.statusCode !== 401) {
          problems.push(`${route.method} ${route.path} ${authorization.slice(0, 30)}: ${response.statusCode}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('totals: every route was sent its battery, and not one request got a 5xx', async () => {
    // Whichever routes' tests did not run (this test run alone), their batteries are sent now.
    for (const route of targets) await battery(route);
    console.log(
      `hostile input: ${totals.requests} requests to ${totals.routes} routes, ${totals.fiveXX} 5xx ` +
        `(${totals.accepted} accepted, ${totals.refused} refused, ${totals.serverState} documented 5xx of the server's state; ` +
        `${totals.signedOut} of them sent signed out to guarded routes, all 401; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statusCounts].sort()))})`,
    );
    expect(totals.routes).toBe(targets.length);
    expect(totals.requests).toBeGreaterThan(targets.length);
    expect(totals.refused).toBeGreaterThan(0);
    expect(totals.accepted).toBeGreaterThan(0);
    expect(totals.signedOut).toBeGreaterThan(0);
    expect(totals.fiveXX).toBe(0);
  }, 900_000);
});
