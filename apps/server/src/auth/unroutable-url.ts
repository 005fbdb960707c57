import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { SessionCheck } from './session-check';

const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address of this request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address of this request is too long.',
};

/**
 * Fastify's `frameworkErrors`: the answer to a URL its router cannot read before it
 * knows the route (a broken percent escape, a path parameter over its 100 characters).
 * Under /api, a caller who is not signed in gets 401 as on every guarded route, so
 * signed out, a malformed id is refused like any other; anyone else gets the 400
 * (or 414) in our `{ message }` shape instead of Fastify's.
 */
export function answerUnroutableUrl(sessionCheck: () => SessionCheck) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 400;
    const refuse = () => reply.status(status).send({ message: MESSAGES[error.code] ?? 'The request is not valid.' });
    if (!request.raw.url?.startsWith('/api/')) return refuse();
    sessionCheck()(request).then(refuse, (failure: unknown) =>
      failure instanceof HttpError && failure.statusCode === 401
        ? reply.status(401).send({ message: failure.message })
        : refuse(),
    );
  };
}
