import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { captureLogs } from '../test/captured-logs';
import { loggerOptions, logSafeMessage, serializeError } from './logging';

test("a failed query's bound values never reach the log, its SQL does", () => {
  const logs = captureLogs({ console: false });
  const { log } = Fastify({ logger: { ...loggerOptions('info'), stream: logs.stream } });
  // The shape of Drizzle's DrizzleQueryError around a driver error.
  const failed = Object.assign(new Error('Failed query'), {
    query: 'select * from sessions where token = $1',
    params: ['session-token-secret'],
    cause: Object.assign(new Error('deadlock detected'), { params: ['hash-secret'] }),
  });
  log.error({ err: failed }, 'request failed');
  const logged = logs.text();
  expect(logged).toContain('select * from sessions where token = $1');
  expect(logged).not.toContain('session-token-secret');
  expect(logged).not.toContain('hash-secret');
});

describe('errors without the values of a failed query (issue 15)', () => {
  /** A DrizzleQueryError around a PostgreSQL error that quotes the values, as pg and PGlite raise them. */
  function failedQuery() {
    const driverError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        severity: 'ERROR',
        constraint: 'users_email_unique',
        table: 'users',
        detail: 'Key (email)=(ada.lovelace@example.com) already exists.',
        where: 'SQL statement "update users set name = \'Ada Lovelace\'"',
        hint: 'ada.lovelace@example.com',
        internalQuery: "select 'Ada Lovelace'",
        // PGlite's errors carry the query and its values too.
        query: 'update "users" set "name" = $1, "email" = $2 where "users"."id" = $3',
        params: ['Ada Lovelace', 'ada.lovelace@example.com', 'u-1'],
      },
    );
    return new DrizzleQueryError(
      'update "users" set "name" = $1, "email" = $2 where "users"."id" = $3',
      ['Ada Lovelace', 'ada.lovelace@example.com', 'u-1'],
      driverError,
    );
  }

  test('the serialized error keeps the SQL, SQLSTATE and constraint, and no value in any field', () => {
    const serialized = serializeError(failedQuery()) as Record<string, unknown>;
    const text = JSON.stringify(serialized);
    for (const value of ['Ada Lovelace', 'ada.lovelace@example.com', '"u-1"', 'Lovelace']) {
      expect(text, value).not.toContain(value);
    }
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      message:
        'Failed query: update "users" set "name" = $1, "email" = $2 where "users"."id" = $3: ' +
        'duplicate key value violates unique constraint "users_email_unique"',
      query: 'update "users" set "name" = $1, "email" = $2 where "users"."id" = $3',
      cause: { code: '23505', constraint: 'users_email_unique', table: 'users' },
    });
    expect(serialized.stack).toMatch(/^Error: Failed query: update .*\n\s+at .*\ncaused by: Error: duplicate key/s);
    expect(text).not.toMatch(/"(params|detail|where|hint|internalQuery)"/);
  });

  test('a value PostgreSQL quotes in its message is masked, a short one where it stands quoted', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "abc" (not "abcdefgh-secret")'), {
      code: '22P02',
    });
    const error = new DrizzleQueryError('select $1::uuid, $2::uuid', ['abc', 'abcdefgh-secret'], cause);
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain('abcdefgh-secret');
    expect(text).not.toContain('\\"abc\\"');
    expect(text).toContain('invalid input syntax for type uuid: \\"[value]\\"');
  });

  test('what main.ts prints of a start-up failure keeps the reason and drops the values', () => {
    expect(logSafeMessage(failedQuery())).toBe(
      'Failed query: update "users" set "name" = $1, "email" = $2 where "users"."id" = $3: ' +
        'duplicate key value violates unique constraint "users_email_unique"',
    );
    expect(logSafeMessage(new Error('plain'))).toBe('plain');
    expect(logSafeMessage('a string')).toBe('a string');
    // A wrapper that copied Drizzle's message into its own loses the values too.
    expect(logSafeMessage(new Error('Could not migrate: Failed query: select $1\nparams: s3cret-value'))).toBe(
      'Could not migrate: Failed query: select $1',
    );
  });

  test('circular causes, aggregated errors and huge messages still give one short line', () => {
    const first = new Error('first') as Error & { cause?: unknown };
    const second = new Error('second', { cause: first });
    first.cause = second;
    expect(logSafeMessage(first)).toBe('first: second');
    const aggregate = new AggregateError([failedQuery(), new Error('x'.repeat(100_000))], 'all failed');
    const text = JSON.stringify(serializeError(aggregate));
    expect(text).not.toContain('ada.lovelace@example.com');
    expect(text.length).toBeLessThan(40_000);
  });

  test('through the logger, the values are nowhere in the line', () => {
    const logs = captureLogs({ console: false });
    const { log } = Fastify({ logger: { ...loggerOptions('info'), stream: logs.stream } });
    log.warn({ err: failedQuery() }, 'database refused a value');
    const logged = logs.text();
    expect(logged).toContain('users_email_unique');
    expect(logged).not.toContain('ada.lovelace@example.com');
    expect(logged).not.toContain('Ada Lovelace');
  });
});
