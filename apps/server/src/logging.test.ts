import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { loggerOptions } from './logging';

test("a failed query's bound values never reach the log, its SQL does", () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { log } = Fastify({ logger: { ...loggerOptions('info'), stream } });
  // The shape of Drizzle's DrizzleQueryError around a driver error.
  const failed = Object.assign(new Error('Failed query'), {
    query: 'select * from sessions where token = $1',
    params: ['session-token-secret'],
    cause: Object.assign(new Error('deadlock detected'), { params: ['hash-secret'] }),
  });
  log.error({ err: failed }, 'request failed');
  const logged = lines.join('');
  expect(logged).toContain('select * from sessions where token = $1');
  expect(logged).not.toContain('session-token-secret');
  expect(logged).not.toContain('hash-secret');
});
