import { messages } from '@brigade/core/messages';
import type { SsoFailure } from '@brigade/core/schemas/sso';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { recordActivity } from '../../activity/record';
import type { Database } from '../../db/database';
import { logSafeMessage } from '../../logging';
import { clearedStateCookie, stateCookieOf, takeFlowState } from './flow-state';
import { finishAuthorization } from './oidc';
import type { SsoDirectory } from './providers';
import { personOf } from './sign-in';

/** The path Better Auth answers the way back from a provider at (under /api/auth). */
export const SSO_CALLBACK_PATH = '/sso/callback';

/**
 * Single sign-on inside Better Auth (docs/decisions/040): the way back from a provider
 * ends in a session Better Auth makes and a cookie it sets, exactly as a password
 * sign-in does (same hooks: a deactivated person gets no session). And the password
 * sign-in of a domain whose provider switched it off is refused here, server-side.
 */
export function ssoPlugin({ db, directory }: { db: Database; directory: SsoDirectory }): BetterAuthPlugin {
  return {
    id: 'brigade-sso',
    endpoints: {
      ssoCallback: createAuthEndpoint(SSO_CALLBACK_PATH, { method: 'GET' }, async (ctx) => {
        const request = ctx.request;
        const secure = request ? new URL(request.url).protocol === 'https:' : false;
        ctx.setHeader('set-cookie', clearedStateCookie(secure));
        ctx.setHeader('cache-control', 'no-store');
        const fail = (reason: SsoFailure) => ctx.redirect(`/?sso=${reason}`);
        if (!request) throw fail('failed');
        const url = new URL(request.url);
        const state = url.searchParams.get('state');
        const address = ctx.headers?.get('x-brigade-client-ip') ?? null;
        const userAgent = ctx.headers?.get('user-agent') ?? null;
        // The state must be the one this browser set out with, and unused.
        if (!state || state !== stateCookieOf(ctx.headers?.get('cookie'))) throw fail('failed');
        const flow = await takeFlowState(db, state);
        if (!flow) throw fail('failed');
        const provider = await directory.find(flow.providerId);
        if (!provider?.enabled || provider.clientSecret === null) throw fail('unavailable');
        const callbackUrl = new URL(flow.redirectUri);
        callbackUrl.search = url.search;
        let claims: Awaited<ReturnType<typeof finishAuthorization>>;
        try {
          claims = await finishAuthorization(provider, callbackUrl, { ...flow, state });
        } catch (error) {
          console.error(`[sso] sign-in through ${provider.name} refused: ${logSafeMessage(String(error))}`);
          throw fail('failed');
        }
        const person = await personOf(db, provider, claims, { address, userAgent });
        if ('failure' in person) throw fail(person.failure);
        let session: Awaited<ReturnType<typeof ctx.context.internalAdapter.createSession>>;
        try {
          session = await ctx.context.internalAdapter.createSession(person.userId, false);
        } catch (error) {
          // auth.ts refuses a session to a deactivated account (its session hook).
          if (error instanceof APIError && error.status === 'FORBIDDEN') throw fail('deactivated');
          throw error;
        }
        const user = await ctx.context.internalAdapter.findUserById(person.userId);
        if (!session || !user) throw fail('failed');
        await setSessionCookie(ctx, { session, user });
        await recordActivity(db, {
          kind: 'auth.signIn',
          actorId: user.id,
          objectType: 'user',
          objectId: user.id,
          objectLabel: user.name,
          details: { method: 'oidc', provider: provider.id, providerName: provider.name },
          address,
          userAgent,
        });
        throw ctx.redirect('/');
      }),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
            if (email && (await directory.passwordSignInOff(email))) {
              throw new APIError('FORBIDDEN', { message: messages.passwordSignInOff, code: 'PASSWORD_SIGN_IN_OFF' });
            }
          }),
        },
      ],
    },
  };
}
