import { messages } from '@brigade/core/messages';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import {
  IdentityProvider,
  IdentityProviderInput,
  SsoProviderOption,
  SsoProviderParams,
} from '@brigade/core/schemas/sso';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../errors';
import type { App } from '../../http/app-instance';
import { logSafeMessage } from '../../logging';
import { addressRateLimitStorage } from '../address-rate-limit';
import type { Auth } from '../auth';
import { CLIENT_IP_HEADER } from '../auth';
import type { GuardFactory } from '../guards';
import { callerOf } from '../guards';
import { requestOriginOf } from '../origin-check';
import { saveFlowState, stateCookie } from './flow-state';
import { startAuthorization } from './oidc';
import { SSO_CALLBACK_PATH } from './plugin';
import type { SsoDirectory } from './providers';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['sso'];
const CALLBACK = `/api/auth${SSO_CALLBACK_PATH}`;
/** Ways out to a provider a minute per client address: each one stores a flow, so it is limited like a sign-in. */
export const SSO_STARTS_PER_MINUTE = 100;

export interface SsoRouteOptions {
  db: Database;
  auth: Auth;
  guard: GuardFactory;
  sso: SsoDirectory;
  publicUrl: string;
  publicUrlSet?: boolean;
}

/**
 * Single sign-on (issue 36, docs/decisions/040): the sign-in screen's providers, the
 * way out to one (PKCE, state, nonce) and back (Better Auth's plugin makes the
 * session), and hq's settings of the providers.
 */
export async function ssoRoutes(app: App, { db, auth, guard, sso, publicUrl, publicUrlSet }: SsoRouteOptions) {
  const limits = addressRateLimitStorage(db);
  /** The redirect URI registered at the provider: PUBLIC_URL's, or (unset) the address the request was sent to. */
  const redirectUriOf = (request: FastifyRequest) => {
    const origin = publicUrlSet === false ? requestOriginOf(request) : new URL(publicUrl).origin;
    if (!origin) throw badRequest('The Host header of this request is not valid.');
    return `${origin}${CALLBACK}`;
  };

  app.get(
    '/api/sso/providers',
    {
      schema: {
        tags,
        summary: 'The identity providers Sign In offers (public)',
        response: { 200: z.array(SsoProviderOption) },
      },
    },
    async () => sso.options(),
  );

  app.get(
    '/api/sso/:id/start',
    {
      schema: {
        tags,
        summary: 'Go to the identity provider to sign in (a redirect; public)',
        params: SsoProviderParams,
        response: { 400: ErrorReply, 404: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const provider = await sso.find(request.params.id);
      if (!provider) throw notFound(messages.identityProviderNotFound);
      reply.header('cache-control', 'no-store');
      const limited = await limits.consume(`sso-start:${request.ip}`, { window: 60, max: SSO_STARTS_PER_MINUTE });
      if (!limited.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(limited.retryAfter ?? 60))
          .send({ message: messages.tooManyAttempts });
      }
      if (!provider.enabled || provider.clientSecret === null) return reply.redirect('/?sso=unavailable', 302);
      const redirectUri = redirectUriOf(request);
      let start: Awaited<ReturnType<typeof startAuthorization>>;
      try {
        start = await startAuthorization(provider, redirectUri);
      } catch (error) {
        request.log.warn(`identity provider ${provider.name} unavailable: ${logSafeMessage(String(error))}`);
        return reply.redirect('/?sso=unavailable', 302);
      }
      await saveFlowState(db, start.state, {
        providerId: provider.id,
        codeVerifier: start.codeVerifier,
        nonce: start.nonce,
        redirectUri,
      });
      return reply
        .header('set-cookie', stateCookie(start.state, redirectUri.startsWith('https:')))
        .redirect(start.url.href, 302);
    },
  );

  // The way back: handed to Better Auth's plugin (plugin.ts) with its query, the
  // browser's cookies and the client address, like the other /api/auth bridges.
  app.get(CALLBACK, { schema: { hide: true } }, async (request, reply) => {
    const origin = requestOriginOf(request);
    if (!origin) throw badRequest('The Host header of this request is not valid.');
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === CLIENT_IP_HEADER) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set(CLIENT_IP_HEADER, request.ip);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const response = await auth.handler(
      new Request(new URL(`${CALLBACK}${query}`, origin), { method: 'GET', headers }),
    );
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(response.body ? await response.text() : null);
  });

  app.get(
    '/api/identity-providers',
    {
      schema: {
        tags,
        summary: 'The identity providers people sign in with (hq)',
        response: { 200: z.array(IdentityProvider), ...errors },
      },
      onRequest: guard('identityProviders.manage'),
    },
    async (request) => {
      const redirectUri = redirectUriOf(request);
      return (await sso.all()).map((provider) => sso.view(provider, redirectUri));
    },
  );

  app.post(
    '/api/identity-providers',
    {
      schema: {
        tags,
        summary: 'Add an identity provider (hq)',
        body: IdentityProviderInput,
        response: { 201: IdentityProvider, ...errors },
      },
      onRequest: guard('identityProviders.manage'),
    },
    async (request, reply) => {
      const provider = await sso.create(request.body, callerOf(request).id);
      return reply.status(201).send(sso.view(provider, redirectUriOf(request)));
    },
  );

  app.put(
    '/api/identity-providers/:id',
    {
      schema: {
        tags,
        summary: 'Change an identity provider; a blank client secret keeps the stored one (hq)',
        params: IdParams,
        body: IdentityProviderInput,
        response: { 200: IdentityProvider, ...errors },
      },
      onRequest: guard('identityProviders.manage'),
    },
    async (request) =>
      sso.view(await sso.update(request.params.id, request.body, callerOf(request).id), redirectUriOf(request)),
  );

  app.delete(
    '/api/identity-providers/:id',
    {
      schema: {
        tags,
        summary: 'Remove an identity provider; its people keep their accounts (hq)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('identityProviders.manage'),
    },
    async (request, reply) => {
      await sso.remove(request.params.id, callerOf(request).id);
      return reply.status(204).send(null);
    },
  );
}
