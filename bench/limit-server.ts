/**
 * The limit the bench measures every route against: what this machine does for a
 * signed-in request with nothing of Brigade in the way. Plain Fastify, the same driver and
 * pool size as the app, one prepared statement that finds the session by its token joined
 * to its user, and a constant JSON answer.
 */
import Fastify from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { rawClientOf } from './bench-app';

const LOOKUP = {
  name: 'bench_limit_lookup',
  text: 'select s.token, s.expires_at, u.id, u.role, u.is_active from sessions s join users u on u.id = s.user_id where s.token = $1',
};

/** Listens on a free port; `close` also ends its pool. */
export async function startLimitServer(database: DatabaseHandle, url: string | null) {
  // PostgreSQL: a pool of its own, as large as the app's (10); PGlite: the one embedded database.
  const pool = url ? new pg.Pool({ connectionString: url, max: 10 }) : null;
  const embedded = rawClientOf(database);
  const lookup = (token: string) =>
    pool ? pool.query({ ...LOOKUP, values: [token] }) : embedded.query(LOOKUP.text, [token]);

  const app = Fastify();
  app.get('/limit', async (request, reply) => {
    // The cookie's value is `<token>.<signature>`, URL-encoded; the limit skips the signature.
    const cookie = request.headers.cookie ?? '';
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const { rows } = await lookup(value.slice(0, value.lastIndexOf('.')));
    if (rows.length === 0) return reply.status(401).send({ message: 'signed out' });
    return { ok: true };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${address}/limit`,
    close: async () => {
      await app.close();
      await pool?.end();
    },
  };
}
