import { translateText } from '@brigade/core/locales/catalogue';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { cutOffRequestOf, REQUEST_CUT_OFF, UPLOAD_CUT_OFF } from './cut-off-requests';
import { clientErrorOf } from './db/pg-error';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, rootCauseOf } from './db/unavailable';
import { catalogueFor, requestLanguage } from './http/request-language';

/** An error a person caused or may see: it carries its HTTP status and readable message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** A machine-readable reason the web acts on (ErrorReply's `code`). */
    readonly code?: string,
    /** Headers the answer carries (`Retry-After`, `WWW-Authenticate`). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.', code?: string) =>
  new HttpError(403, message, undefined, code);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);

const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

/**
 * One place turns every failure into `{ message, fields? }`: validation issues become
 * 400 with a message per field path; 4xx keep their message; anything else is logged
 * and answered without details, so no stack trace or SQL ever leaves the server.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // What a person reads is in their language (issue 22): core's texts are translated here, once.
    const catalogue = catalogueFor(requestLanguage(request));
    const say = (text: string) => translateText(catalogue, text);
    const sayEach = (fields: Record<string, string> | undefined) =>
      fields && Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, say(text)]));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.slice(1).replaceAll('/', '.');
        fields[path || '_'] ??= issue.message ?? 'Invalid value';
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ message: say(first), fields: sayEach(fields) });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ message: say(error.message), fields: sayEach(error.fields), code: error.code });
    }
    // The client left, or its body stopped short (cut-off-requests.ts): a 400 if it still
    // listens and an info line, never "database unavailable" (a reset request is ECONNRESET too).
    const cutOff = cutOffRequestOf(error, request.raw);
    if (cutOff) {
      request.log.info(
        { reason: cutOff.reason },
        cutOff.clientLeft ? 'client closed the connection before its request was complete' : 'request body cut off',
      );
      const upload = request.headers['content-type']?.startsWith('multipart/form-data');
      return reply.status(400).send({ message: upload ? UPLOAD_CUT_OFF : REQUEST_CUT_OFF });
    }
    // The database is down or restarting: a 503 to retry, not a fault of ours (db/unavailable.ts).
    if (isDatabaseUnavailable(error)) {
      request.log.error({ cause: rootCauseOf(error) }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    // A value the schemas let through but PostgreSQL refuses: the request's fault, no SQL shown.
    const refused = clientErrorOf(error);
    if (refused) {
      request.log.warn({ err: error }, 'database refused a value');
      return reply.status(refused.status).send({ message: refused.message });
    }
    // @fastify/multipart answers a request that is not multipart with 406; it is a 415.
    const status = error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ? 415 : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error, status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ message: SERVER_FAULT });
  });
}

function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request is too large.';
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return 'Unsupported content type. Send the file as multipart/form-data.';
  }
  if (status === 415) return 'Unsupported content type. Send JSON.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'The request body is not valid JSON.';
  }
  return error.message;
}
