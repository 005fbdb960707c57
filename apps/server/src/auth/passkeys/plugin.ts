import { messages } from '@brigade/core/messages';
import { PasskeySignIn } from '@brigade/core/schemas/passkeys';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordActivity } from '../../activity/record';
import type { Database } from '../../db/database';
import { passkeys } from '../../db/schema/passkeys';
import { users } from '../../db/schema/users';
import { publishSignIn } from '../../metrics/events';
import type { accountSignInLimit } from '../account-sign-in-limit';
import type { OriginPolicy } from '../origin-check';
import { consumeChallenge, storeChallenge } from './challenges';
import { relyingPartyOf } from './relying-party';

export interface PasskeyPluginOptions {
  db: Database;
  origins: OriginPolicy;
  accountLimit: ReturnType<typeof accountSignInLimit>;
  /** The client address the Fastify bridge set on the request (what the sign-in limits key on). */
  addressOf: (request: Request) => string;
}

export const PASSKEY_SIGN_IN_PATH = '/passkey/sign-in';
export const PASSKEY_OPTIONS_PATH = '/passkey/sign-in-options';

/**
 * Signing in with a passkey (issue 36, docs/decisions/042), as a small Better Auth plugin
 * of ours: the session is made and its cookie set by Better Auth itself
 * (`internalAdapter.createSession`, `setSessionCookie`), so its hooks run as for a password
 * (a deactivated account is refused, failed attempts are forgiven), and the cookie is
 * the one sign-out and every guard know. The options carry no credentials: any of the
 * person's discoverable passkeys answers, and the answer names its credential.
 */
export function passkeyPlugin({ db, origins, accountLimit, addressOf }: PasskeyPluginOptions) {
  const rpOf = (request: Request) => relyingPartyOf(origins, new URL(request.url).origin);
  const refuse = (message: string) => {
    publishSignIn({ outcome: 'failed', reason: 'wrong-credentials' });
    return new APIError('UNAUTHORIZED', { message });
  };

  return {
    id: 'brigade-passkey',
    endpoints: {
      passkeySignInOptions: createAuthEndpoint(
        PASSKEY_OPTIONS_PATH,
        { method: 'POST', body: z.object({}).optional(), requireRequest: true },
        async (ctx) => {
          const options = await generateAuthenticationOptions({
            rpID: rpOf(ctx.request as Request).rpID,
            userVerification: 'required',
          });
          await storeChallenge(db, 'passkey-sign-in', options.challenge, '');
          return ctx.json(options);
        },
      ),
      passkeySignIn: createAuthEndpoint(
        PASSKEY_SIGN_IN_PATH,
        { method: 'POST', body: PasskeySignIn, requireRequest: true },
        async (ctx) => {
          const request = ctx.request as Request;
          const { response } = ctx.body;
          const stored = await consumeChallenge(db, 'passkey-sign-in', response.response.clientDataJSON);
          if (!stored) throw refuse(messages.passkeySignInExpired);
          const [found] = await db
            .select({
              id: passkeys.id,
              userId: passkeys.userId,
              publicKey: passkeys.publicKey,
              counter: passkeys.counter,
              transports: passkeys.transports,
              email: users.email,
            })
            .from(passkeys)
            .innerJoin(users, eq(users.id, passkeys.userId))
            .where(eq(passkeys.credentialId, response.id));
          if (!found) throw refuse(messages.passkeySignInFailed);
          // The account's sign-in limits, as for a password: counted before the check.
          const refused = await accountLimit.attempt(found.email, addressOf(request));
          if (refused) {
            publishSignIn({
              outcome: 'limited',
              limit: refused.reason === 'address' ? 'account-from-address' : 'account-slowed',
            });
            throw new APIError('TOO_MANY_REQUESTS', {
              message: refused.reason === 'address' ? messages.tooManyAccountAttempts : messages.signInSlowedDown,
            });
          }
          const rp = rpOf(request);
          // A known passkey that fails its check: the activity log says whose, as for a wrong password.
          const failed = async () => {
            await recordActivity(db, {
              kind: 'auth.signInFailed',
              actorId: null,
              actorLabel: found.email,
              objectType: 'passkey',
              objectId: found.id,
              details: { method: 'passkey' },
              address: addressOf(request) || null,
              userAgent: request.headers.get('user-agent'),
            });
            return refuse(messages.passkeySignInFailed);
          };
          let newCounter: number;
          try {
            const verification = await verifyAuthenticationResponse({
              response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
              expectedChallenge: stored.challenge,
              expectedOrigin: rp.origin,
              expectedRPID: rp.rpID,
              credential: {
                id: response.id,
                publicKey: isoBase64URL.toBuffer(found.publicKey),
                counter: found.counter,
                transports: found.transports,
              },
              requireUserVerification: true,
            });
            newCounter = verification.verified ? verification.authenticationInfo.newCounter : -1;
          } catch {
            // A wrong signature, origin or challenge, or a counter that went back (a clone).
            newCounter = -1;
          }
          if (newCounter < 0) throw await failed();
          // The counter moves forward once: of two answers with one counter only one signs in.
          const [used] = await db
            .update(passkeys)
            .set({ counter: newCounter, lastUsedAt: sql`now()` })
            .where(
              and(
                eq(passkeys.id, found.id),
                sql`(${passkeys.counter} < ${newCounter} or (${passkeys.counter} = 0 and ${newCounter} = 0))`,
              ),
            )
            .returning({ id: passkeys.id });
          if (!used) throw await failed();
          // Better Auth's session: its create hook refuses a deactivated account (auth.ts).
          const session = await ctx.context.internalAdapter.createSession(found.userId);
          const user = await ctx.context.internalAdapter.findUserById(found.userId);
          if (!session || !user) throw refuse(messages.passkeySignInFailed);
          await setSessionCookie(ctx, { session, user });
          await recordActivity(db, {
            kind: 'auth.signIn',
            actorId: user.id,
            objectType: 'passkey',
            objectId: found.id,
            details: { method: 'passkey' },
            address: addressOf(request) || null,
            userAgent: request.headers.get('user-agent'),
          });
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
