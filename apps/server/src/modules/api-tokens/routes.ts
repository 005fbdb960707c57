import { ApiTokenCreated, ApiTokenInput, ApiTokenList, ApiTokenSummary } from '@brigade/core/schemas/api-tokens';
import { ErrorReply, IdParams, NoBody } from '@brigade/core/schemas/common';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 429: ErrorReply };
const tags = ['api-tokens'];

/**
 * hq's API Tokens screen (issue 37, decision 045). `apiTokens.manage` has no scope, so
 * no token can list, make or revoke tokens: only a signed-in hq person can.
 */
export async function apiTokenRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
  const { db } = database;

  app.get(
    '/api/api-tokens',
    {
      schema: {
        tags,
        summary: 'The API tokens (never the tokens themselves), newest first, revoked and expired ones too',
        response: { 200: ApiTokenList, ...errors },
      },
      onRequest: guard('apiTokens.manage'),
    },
    async () => ({ items: await listApiTokens(db) }),
  );

  app.post(
    '/api/api-tokens',
    {
      schema: {
        tags,
        summary:
          'Create an API token with a name, scopes and an expiry: the answer carries the token, shown this once (only its hash is kept)',
        body: ApiTokenInput,
        response: { 201: ApiTokenCreated, ...errors },
      },
      onRequest: guard('apiTokens.manage'),
    },
    async (request, reply) => reply.status(201).send(await createApiToken(db, callerOf(request), request.body)),
  );

  app.post(
    '/api/api-tokens/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke an API token: its next call is refused (401), on every server; revoking twice changes nothing',
        params: IdParams,
        body: NoBody,
        response: { 200: ApiTokenSummary, ...errors },
      },
      onRequest: guard('apiTokens.manage'),
    },
    async (request) => revokeApiToken(db, callerOf(request), request.params.id),
  );
}
