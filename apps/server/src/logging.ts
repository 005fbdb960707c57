import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Paths pino blanks out in every log line, so that no session cookie, password or token
 * reaches the logs whatever a log call passes in. Fastify's default serializers log
 * neither headers nor bodies; these guard against a log call or serializer that does.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  // A password reset link's token (issue 20), should a log call pass a reset request's body.
  '*.token',
  // A failed query's bound values (Drizzle's DrizzleQueryError): session tokens, hashes.
  // `serializeError` leaves them out already; this is the second line.
  'err.params',
  'err.cause.params',
];

/** The server's logger settings: production (main.ts) and the log-leak tests use the same. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: REDACTED_PATHS,
    serializers: { err: serializeError, req: serializeRequest },
  } satisfies FastifyServerOptions['logger'];
}

/** Query parameters whose values never reach a log line: a reset link's token (issue 20). */
const SECRET_QUERY_PARAMETERS = ['token'];

/**
 * Fastify's request serializer (method, url, host, address), with the values of secret
 * query parameters masked in the url: a reset link (`/reset-password?token=…`) opened in
 * the browser is logged as `/reset-password?token=[redacted]`.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    // A log call may pass its own `req` object, without a url.
    url: typeof request.url === 'string' ? withoutSecretQueryValues(request.url) : undefined,
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function withoutSecretQueryValues(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const names = SECRET_QUERY_PARAMETERS.join('|');
  // Each `name=value` pair up to the next & or #, whatever its spelling or escapes.
  const pattern = new RegExp(`([?&](?:${names})=)[^&#]*`, 'gi');
  return url.slice(0, query) + url.slice(query).replace(pattern, '$1[redacted]');
}

// ---------------------------------------------------------------------------------------
// Errors without the values of the queries that failed.
//
// A failed query reaches a log with its bound values in many places: Drizzle's
// DrizzleQueryError says `Failed query: <sql>\nparams: <values>` in its message (and so
// in its stack) and keeps them in `params`; PGlite's error keeps them in `params` too;
// PostgreSQL's own messages and fields quote values (`invalid input syntax for type
// uuid: "…"`, `detail: Key (email)=(…) already exists.`). Those values are session
// tokens, password hashes, emails, names: none may be logged, in any field.

/** Fields of PostgreSQL's errors that quote a row's values or the statement around them. */
const VALUE_FIELDS = new Set(['params', 'detail', 'where', 'hint', 'internalQuery', 'queryOptions']);
const MASK = '[value]';
/** Longest text kept from one field: a log line stays a line, whatever an error carries. */
const MAX_TEXT = 4096;
const MAX_DEPTH = 10;

type ErrorLike = { message: string; name?: unknown; stack?: unknown; cause?: unknown; [key: string]: unknown };

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** An error and its causes, outermost first, each once. */
function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let current = error; isErrorLike(current) && chain.length < MAX_DEPTH; current = current.cause) {
    if (chain.includes(current)) break;
    chain.push(current);
  }
  return chain;
}

/** The bound values of every failed query in the chain (and its aggregated errors), as text. */
function boundValuesOf(error: unknown, found = new Set<string>(), depth = 0): Set<string> {
  for (const link of chainOf(error)) {
    if (Array.isArray(link.params)) {
      for (const value of link.params.flat()) {
        if (value === null || value === undefined) continue;
        const text =
          value instanceof Date ? value.toISOString() : typeof value === 'object' ? safeJson(value) : String(value);
        if (text) found.add(text);
      }
    }
    if (Array.isArray(link.errors) && depth < 2)
      for (const inner of link.errors) boundValuesOf(inner, found, depth + 1);
  }
  return found;
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * `text` without any of `values`: Drizzle's `params: …` tail is cut; every value of four
 * characters or more is masked wherever it appears, a shorter one where it stands quoted
 * (as PostgreSQL quotes values in its messages).
 */
function withoutValues(text: string, values: Set<string>): string {
  let safe = text.replace(/\nparams: [\s\S]*$/, '');
  const longestFirst = [...values].sort((a, b) => b.length - a.length);
  for (const value of longestFirst) {
    if (value.length >= 4) safe = safe.replaceAll(value, MASK);
    else for (const quote of ['"', "'"]) safe = safe.replaceAll(`${quote}${value}${quote}`, `${quote}${MASK}${quote}`);
  }
  return clip(safe);
}

function clip(text: string, max = MAX_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** One error's own message, without values. Drizzle's keeps its SQL (placeholders only, `$1`). */
function ownMessageOf(error: ErrorLike, values: Set<string>): string {
  const { message, query } = error;
  if (typeof query === 'string' && message.startsWith(`Failed query: ${query}`)) return clip(`Failed query: ${query}`);
  return withoutValues(message, values);
}

/** The stack's frames (`    at …`), without the message V8 wrote above them. */
function framesOf(error: ErrorLike): string {
  if (typeof error.stack !== 'string') return '';
  const header = error.stack.indexOf(error.message);
  const rest = header === -1 ? error.stack : error.stack.slice(header + error.message.length);
  return rest
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * An error's message followed by its causes' (`outer: inner: …`, as pino writes them),
 * with no bound value of a failed query in it: what may be printed of an error, on the
 * console at start-up as in a log line.
 */
export function logSafeMessage(error: unknown): string {
  if (!isErrorLike(error)) return withoutValues(String(error), new Set());
  const values = boundValuesOf(error);
  return clip(
    chainOf(error)
      .map((link) => ownMessageOf(link, values))
      .join(': '),
    MAX_TEXT * 2,
  );
}

/** `text` (taken from an error or one of its causes) without the error's bound values. */
export function withoutBoundValues(text: string, error: unknown): string {
  return withoutValues(text, boundValuesOf(error));
}

/** A serialized error, as pino's standard serializer shapes it. */
export interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * pino's `err` serializer, in the shape of its standard one (`type`, `message` and
 * `stack` with the causes', the error's own fields, `aggregateErrors`), plus `cause`
 * with each cause's fields (PostgreSQL's SQLSTATE `code`, `constraint`, `table`, …).
 * What could carry a query's values is left out or masked: `params`, PostgreSQL's
 * `detail`, `where`, `hint` and `internalQuery`, values inside messages and stacks; and
 * only plain fields (text, numbers, booleans) are kept.
 */
export function serializeError(error: unknown): SerializedError {
  if (!isErrorLike(error)) return { type: typeof error, message: logSafeMessage(error), stack: '' };
  const values = boundValuesOf(error);
  const chain = chainOf(error);
  const typeOf = (link: ErrorLike) =>
    typeof link.constructor === 'function' && link.constructor.name !== 'Object'
      ? link.constructor.name
      : String(link.name ?? 'Error');
  const headerOf = (link: ErrorLike) => `${String(link.name ?? typeOf(link))}: ${ownMessageOf(link, values)}`;
  const fieldsOf = (link: ErrorLike) => {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(link)) {
      if (VALUE_FIELDS.has(key) || key === 'message' || key === 'stack' || key === 'cause') continue;
      if (typeof value === 'string') fields[key] = key === 'query' ? clip(value) : withoutValues(value, values);
      else if (typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
    }
    return fields;
  };
  const causeOf = (index: number): Record<string, unknown> | undefined => {
    const link = chain[index];
    if (!link) return undefined;
    const cause = causeOf(index + 1);
    return {
      type: typeOf(link),
      message: ownMessageOf(link, values),
      ...fieldsOf(link),
      ...(cause ? { cause } : {}),
    };
  };
  const cause = causeOf(1);
  return {
    type: typeOf(error),
    message: logSafeMessage(error),
    stack: clip(
      chain.map((link) => [headerOf(link), framesOf(link)].filter(Boolean).join('\n')).join('\ncaused by: '),
      4 * MAX_TEXT,
    ),
    ...fieldsOf(error),
    ...(Array.isArray(error.errors) ? { aggregateErrors: error.errors.map(serializeError) } : {}),
    ...(cause ? { cause } : {}),
  };
}
