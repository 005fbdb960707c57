import { withoutBoundValues } from '../logging';

/** What every request answers, with 503, while the database cannot be reached. */
export const DATABASE_UNAVAILABLE = 'The database is unavailable. Please try again in a moment.';

/** Socket errors of a connection to the database server (node-postgres passes them on as they are). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is shutting down, starting up, out of connection slots,
 * or of a connection that failed (class 08).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);

/** node-postgres and pg-pool messages of a lost or impossible connection. */
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * Whether a failure means the database is unreachable (a transient condition worth a
 * 503 and a retry) rather than a fault of the request or of our code. Looks through
 * Drizzle's and Better Auth's wrappers (`cause`) and Node's AggregateError. A
 * TypeError is not looked through: `fetch` wraps its own network failures (file
 * storage, monday.com, Power BI) in one, and those are not the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (current: unknown): boolean => {
    if (!current || typeof current !== 'object' || seen.has(current) || seen.size > 20) return false;
    seen.add(current);
    if (current instanceof TypeError) return false;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    if (Array.isArray(errors) && errors.some(visit)) return true;
    return visit(cause);
  };
  return visit(error);
}

/**
 * The innermost cause of a failure, for the log line: Drizzle's wrapper repeats the
 * query's parameters in its message (session tokens among them), which must not be
 * logged; nor may the cause's own message quote one of them.
 */
export function rootCauseOf(error: unknown): { code?: string; message: string } {
  let current = error;
  for (let depth = 0; depth < 20; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    current = cause;
  }
  const { code, message } = (current ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    message: withoutBoundValues(typeof message === 'string' ? message : String(current), error),
  };
}
