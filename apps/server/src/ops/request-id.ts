import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../http/trust-proxy';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id set by the proxy in front may look like: nothing that could forge a log line. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/**
 * Fastify constructor options: every request gets a random UUID (logged as `reqId` on
 * every line of its log). Behind a trusted proxy (TRUST_PROXY), the proxy's own
 * `x-request-id` is kept instead when it has a safe shape, so both logs share it; a
 * client's is ignored otherwise, so no caller can choose the id of its log lines.
 */
export function requestIdOptions(trustProxy: TrustProxy) {
  const behindProxy = trustProxy !== false;
  return {
    requestIdHeader: false as const,
    genReqId(request: IncomingMessage): string {
      const incoming = request.headers[REQUEST_ID_HEADER];
      if (behindProxy && typeof incoming === 'string' && PROXY_REQUEST_ID.test(incoming)) return incoming;
      return crypto.randomUUID();
    },
  };
}

/** Every answer carries its request id (`x-request-id`), so a person can quote it and we can find the log lines. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
