import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { clientErrorOf, pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, rootCauseOf } from '../../db/unavailable';
import { HttpError } from '../../errors';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** RFC 7644 §3.12's scimType values Brigade answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue';

/** A refusal in SCIM's error format (RFC 7644 §3.12): `status` as a string, and a `scimType` for 400 and 409. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const scimBadRequest = (detail: string, scimType: ScimType = 'invalidValue') =>
  new ScimError(400, detail, scimType);

export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/**
 * The SCIM routes' own error handler (their plugin's, so the rest of the API keeps
 * `{ message }`): every refusal in SCIM's format, as `application/scim+json`; validation
 * and JSON syntax are 400, a taken userName 409 `uniqueness`; a fault of ours is a 500
 * without details, logged; a database that is down a 503 to retry.
 */
export function registerScimErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | ScimError, request, reply) => {
    const send = (status: number, detail: string, scimType?: ScimType) =>
      reply
        .status(status)
        .type(SCIM_CONTENT_TYPE)
        .send(scimErrorBody(status, detail, scimType));
    if (error instanceof ScimError) return send(error.status, error.detail, error.scimType);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      const path = first?.instancePath.slice(1).replaceAll('/', '.');
      const detail = `${path ? `${path}: ` : ''}${first?.message ?? 'Invalid request'}`;
      return send(400, detail, 'invalidValue');
    }
    if (error instanceof HttpError) {
      const scimType = error.statusCode === 409 ? 'uniqueness' : error.statusCode === 400 ? 'invalidValue' : undefined;
      return send(error.statusCode, error.message, scimType);
    }
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return send(409, 'This value is already taken', 'uniqueness');
    if (isDatabaseUnavailable(error)) {
      request.log.error({ cause: rootCauseOf(error) }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(503, DATABASE_UNAVAILABLE);
    }
    const refused = clientErrorOf(error);
    if (refused) return send(refused.status, refused.message, refused.status === 409 ? 'uniqueness' : 'invalidValue');
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return send(400, 'The request body is not valid JSON.', 'invalidSyntax');
      }
      if (status === 413) return send(413, 'The request is too large.');
      if (status === 415) return send(415, 'Unsupported content type. Send application/scim+json.');
      return send(status, error.message);
    }
    request.log.error({ err: error }, 'SCIM request failed');
    return send(500, 'Something went wrong on our side. Please try again.');
  });
}
