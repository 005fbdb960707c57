import type { FastifyServerOptions } from 'fastify';

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
  // A failed query's bound values (Drizzle's DrizzleQueryError): session tokens, hashes.
  'err.params',
  'err.cause.params',
];

/** The server's logger settings: production (main.ts) and the log-leak test use the same. */
export function loggerOptions(level: string) {
  return { level, redact: REDACTED_PATHS } satisfies FastifyServerOptions['logger'];
}
