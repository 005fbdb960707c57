import { INVALID_CHARACTERS } from '@brigade/core/schemas/fields';

/** The SQLSTATE of a database error, through Drizzle's wrapper; both drivers set `code`. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Text PostgreSQL cannot store (a NUL character, or one the encoding lacks). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
/** Class 23 codes a request causes: a duplicate, or a reference to a missing or still-used row. */
const CONFLICTS = new Set([UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION]);

/**
 * The answer to a database error the request caused, when the zod schemas let a value
 * through that PostgreSQL refuses: class 22 (data exception: a malformed uuid, a value
 * out of range, text too long, a date PostgreSQL cannot hold, a NUL) is 400; a unique
 * or foreign key violation is 409. Anything else (our fault) is undefined.
 */
export function clientErrorOf(error: unknown): { status: 400 | 409; message: string } | undefined {
  const code = pgErrorCode(error);
  if (!code) return undefined;
  if (UNSTORABLE_TEXT.has(code)) return { status: 400, message: INVALID_CHARACTERS };
  if (code.startsWith('22')) return { status: 400, message: 'A value in the request is not valid.' };
  if (CONFLICTS.has(code)) {
    return {
      status: 409,
      message: 'This conflicts with existing data: it already exists, or refers to something missing.',
    };
  }
  return undefined;
}
