import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export const REQUEST_CUT_OFF = 'The request was cut off before all of it arrived. Please try again.';
export const UPLOAD_CUT_OFF = 'The upload was cut off before the whole file arrived. Please try again.';

/** The client ended its connection before sending the body its Content-Length announced. */
export class RequestCutOff extends Error {
  readonly code = 'BRIGADE_REQUEST_CUT_OFF';
  constructor() {
    super('the connection ended before the body its Content-Length announced');
  }
}

/** Errors of a request stream whose client went away before its end (Node, @fastify/multipart). */
const ABORTED_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'FST_MP_PREMATURE_CLOSE',
]);
/** @fastify/busboy's words for a multipart body that stops in the middle. */
const MULTIPART_CUT_OFF = /unexpected end of multipart data/i;

/**
 * Whether a failure is the request's body stopping short rather than a fault of ours or
 * of the database: the client closed its connection (`clientLeft`: there is no one to
 * answer), it ended the connection before the announced Content-Length, or a multipart
 * body ended in the middle of a part. Looks through `cause`.
 */
export function cutOffRequestOf(
  error: unknown,
  request: IncomingMessage,
): { clientLeft: boolean; reason: string } | null {
  const clientLeft = request.socket?.destroyed ?? true;
  let current = error;
  for (let depth = 0; depth < 10 && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (current instanceof RequestCutOff || MULTIPART_CUT_OFF.test(text)) return { clientLeft, reason: text };
    // A reset from the database's connection has nothing to do with a request whose body had all arrived.
    if (typeof code === 'string' && ABORTED_CODES.has(code) && !request.complete) {
      return { clientLeft, reason: `${code}: ${text}` };
    }
    current = cause;
  }
  return null;
}

/**
 * Node reports a connection whose sending side ends before the body it announced as a
 * `clientError` (HPE_INVALID_EOF_STATE); Fastify's handler then writes a bare 400 of its
 * own to the socket and destroys it, and the route sees an "aborted" (ECONNRESET)
 * request. Such a client may still be listening, so when someone reads the body (the
 * multipart parser, the JSON parser) it fails with RequestCutOff instead: the route
 * answers 400 in our own shape and the connection closes once that answer is sent.
 * (Ending the body stream instead would make Node destroy the socket: an incomplete
 * message that ends counts as aborted.) Every other client error goes to Fastify's
 * handler as before.
 */
export function answerCutOffRequests(app: FastifyInstance) {
  const inFlight = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    const entry = { request: request.raw, response: reply.raw };
    inFlight.set(socket, entry);
    reply.raw.once('close', () => {
      if (inFlight.get(socket) === entry) inFlight.delete(socket);
    });
    done();
  });

  const fastifyHandlers = app.server.listeners('clientError') as ((error: Error, socket: Socket) => void)[];
  app.server.removeAllListeners('clientError');
  app.server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const pending = inFlight.get(socket);
    if (
      error.code === 'HPE_INVALID_EOF_STATE' &&
      pending &&
      !pending.response.headersSent &&
      !socket.destroyed &&
      pending.request.listenerCount('error') > 0
    ) {
      pending.response.shouldKeepAlive = false;
      pending.request.emit('error', new RequestCutOff());
      return;
    }
    for (const handler of fastifyHandlers) handler.call(app.server, error, socket);
  });
}
