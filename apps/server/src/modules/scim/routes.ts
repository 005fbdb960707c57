import { ErrorReply, IdParams, NoBody } from '@brigade/core/schemas/common';
import {
  ScimGroupBody,
  ScimIdParams,
  ScimListQuery,
  ScimPatchBody,
  ScimTokenCreated,
  ScimTokenInput,
  ScimTokenList,
  ScimTokenSummary,
  ScimUserBody,
  scimMessages,
} from '@brigade/core/schemas/scim';
import type { FastifyRequest } from 'fastify';
import { activityContextOf } from '../../activity/record';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { resourceType, resourceTypes, schemaById, schemas, serviceProviderConfig } from './discovery';
import { registerScimErrorHandler, SCIM_CONTENT_TYPE, ScimError } from './scim-errors';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './scim-groups';
import { SCIM_BASE_PATH } from './scim-names';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser, type ScimCallContext } from './scim-users';
import { authenticateScimToken, createScimToken, listScimTokens, revokeScimToken, type ScimCaller } from './tokens';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const tags = ['scim'];

/**
 * The module's one plugin: hq's token routes, and the SCIM protocol in a child plugin of its
 * own, so that its bearer-token hook, error handler and content type stay on its routes.
 */
export async function scimRoutes(app: App, context: Pick<AppContext, 'database' | 'guard' | 'auth' | 'publicUrl'>) {
  await app.register(scimTokenRoutes, context);
  await app.register(scimProtocolRoutes, context);
}

/** hq's Provisioning screen: the tokens an identity provider calls /scim/v2 with. */
async function scimTokenRoutes(
  app: App,
  { database, guard, publicUrl }: Pick<AppContext, 'database' | 'guard' | 'publicUrl'>,
) {
  const { db } = database;

  app.get(
    '/api/scim/tokens',
    {
      schema: {
        tags,
        summary:
          'The SCIM tokens (never the tokens themselves), newest first, and the SCIM endpoint to give the provider',
        response: { 200: ScimTokenList, ...errors },
      },
      onRequest: guard('scim.manage'),
    },
    async () => ({ items: await listScimTokens(db), endpoint: `${publicUrl}${SCIM_BASE_PATH}` }),
  );

  app.post(
    '/api/scim/tokens',
    {
      schema: {
        tags,
        summary: 'Create a SCIM token: the answer carries the token, shown this once (only its hash is kept)',
        body: ScimTokenInput,
        response: { 201: ScimTokenCreated, ...errors },
      },
      onRequest: guard('scim.manage'),
    },
    async (request, reply) => {
      const { address, userAgent } = activityContextOf(request);
      const created = await createScimToken(db, callerOf(request), request.body.name, { address, userAgent });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/scim/tokens/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a SCIM token: the next call with it is refused (401), on every server',
        params: IdParams,
        body: NoBody,
        response: { 200: ScimTokenSummary, ...errors },
      },
      onRequest: guard('scim.manage'),
    },
    async (request) => {
      const { address, userAgent } = activityContextOf(request);
      return revokeScimToken(db, callerOf(request), request.params.id, { address, userAgent });
    },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The SCIM token's holder, set by the SCIM routes' hook (modules/scim). */
    scimCaller: ScimCaller | null;
  }
}

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2 for an identity provider (Microsoft Entra ID first,
 * decision 041). Its own plugin: a bearer token instead of a session (401 before any body
 * is read), SCIM's error format, and `application/scim+json` both ways. Hidden from the
 * API docs: SCIM describes itself (ServiceProviderConfig, ResourceTypes, Schemas), and its
 * tests (scim.test.ts) call every one of these routes without, with a wrong and with a
 * revoked token.
 */
async function scimProtocolRoutes(
  app: App,
  { database, auth, publicUrl }: Pick<AppContext, 'database' | 'auth' | 'publicUrl'>,
) {
  const { db } = database;
  registerScimErrorHandler(app);
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.decorateRequest('scimCaller', null);
  app.addHook('onRequest', async (request, reply) => {
    const caller = await authenticateScimToken(db, request.headers.authorization);
    if (!caller) {
      // RFC 6750: a refused bearer token says which scheme the resource wants.
      reply.header('www-authenticate', 'Bearer realm="Brigade SCIM"');
      throw new ScimError(401, request.headers.authorization ? scimMessages.tokenInvalid : scimMessages.tokenMissing);
    }
    request.scimCaller = caller;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(SCIM_CONTENT_TYPE);
    return payload;
  });

  const contextOf = (request: FastifyRequest): ScimCallContext => {
    const { address, userAgent } = activityContextOf(request);
    if (!request.scimCaller) throw new ScimError(401, scimMessages.tokenMissing);
    return { caller: request.scimCaller, address, userAgent, publicUrl };
  };
  const hide = true;
  const base = SCIM_BASE_PATH;

  app.get(`${base}/ServiceProviderConfig`, { schema: { hide } }, async () => serviceProviderConfig(publicUrl));
  app.get(`${base}/ResourceTypes`, { schema: { hide } }, async () => resourceTypes(publicUrl));
  app.get(`${base}/ResourceTypes/:id`, { schema: { hide, params: ScimIdParams } }, async (request) => {
    const found = resourceType(publicUrl, request.params.id);
    if (!found) throw new ScimError(404, 'Resource type not found');
    return found;
  });
  app.get(`${base}/Schemas`, { schema: { hide } }, async () => schemas(publicUrl));
  app.get(`${base}/Schemas/:id`, { schema: { hide, params: ScimIdParams } }, async (request) => {
    const found = schemaById(publicUrl, request.params.id);
    if (!found) throw new ScimError(404, 'Schema not found');
    return found;
  });

  app.get(`${base}/Users`, { schema: { hide, querystring: ScimListQuery } }, async (request) =>
    listUsers(db, request.query, publicUrl),
  );
  app.post(`${base}/Users`, { schema: { hide, body: ScimUserBody } }, async (request, reply) => {
    const user = await createUser(db, auth, request.body, contextOf(request));
    return reply.status(201).header('location', user.meta.location).send(user);
  });
  app.get(`${base}/Users/:id`, { schema: { hide, params: ScimIdParams } }, async (request) =>
    getUser(db, request.params.id, publicUrl),
  );
  app.put(`${base}/Users/:id`, { schema: { hide, params: ScimIdParams, body: ScimUserBody } }, async (request) =>
    replaceUser(db, request.params.id, request.body, contextOf(request)),
  );
  app.patch(`${base}/Users/:id`, { schema: { hide, params: ScimIdParams, body: ScimPatchBody } }, async (request) =>
    patchUser(db, request.params.id, request.body, contextOf(request)),
  );
  app.delete(`${base}/Users/:id`, { schema: { hide, params: ScimIdParams } }, async (request, reply) => {
    await deleteUser(db, request.params.id, contextOf(request));
    return reply.status(204).send();
  });

  app.get(`${base}/Groups`, { schema: { hide, querystring: ScimListQuery } }, async (request) =>
    listGroups(db, request.query, publicUrl),
  );
  app.post(`${base}/Groups`, { schema: { hide, body: ScimGroupBody } }, async (request, reply) => {
    const group = await createGroup(db, request.body, contextOf(request));
    return reply.status(201).header('location', group.meta.location).send(group);
  });
  app.get(
    `${base}/Groups/:id`,
    { schema: { hide, params: ScimIdParams, querystring: ScimListQuery.pick({ excludedAttributes: true }) } },
    async (request) => getGroup(db, request.params.id, request.query.excludedAttributes, publicUrl),
  );
  app.put(`${base}/Groups/:id`, { schema: { hide, params: ScimIdParams, body: ScimGroupBody } }, async (request) =>
    replaceGroup(db, request.params.id, request.body, contextOf(request)),
  );
  app.patch(`${base}/Groups/:id`, { schema: { hide, params: ScimIdParams, body: ScimPatchBody } }, async (request) =>
    patchGroup(db, request.params.id, request.body, contextOf(request)),
  );
  app.delete(`${base}/Groups/:id`, { schema: { hide, params: ScimIdParams } }, async (request, reply) => {
    await deleteGroup(db, request.params.id, contextOf(request));
    return reply.status(204).send();
  });
}
