import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import {
  Passkey,
  PasskeyCeremonyOptions,
  PasskeyList,
  PasskeyRegistration,
  PasskeyRename,
} from '@brigade/core/schemas/passkeys';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { activityContextOf } from '../../activity/record';
import type { DatabaseHandle } from '../../db/client';
import type { App } from '../../http/app-instance';
import { callerOf, type GuardFactory } from '../guards';
import { type OriginPolicy, requestOriginOf } from '../origin-check';
import { relyingPartyOf } from './relying-party';
import { listPasskeys, registerPasskey, registrationOptions, removePasskey, renamePasskey } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };
const tags = ['passkeys'];

/**
 * Passkeys in Profile (issue 36, docs/decisions/042): my passkeys, adding one (options,
 * then the browser's answer), renaming and removing. Signing in with one is Better Auth's
 * (plugin.ts), since it makes a session.
 */
export async function passkeyRoutes(
  app: App,
  { database, guard, origins }: { database: DatabaseHandle; guard: GuardFactory; origins: OriginPolicy },
) {
  const { db } = database;
  const rpOf = (request: FastifyRequest) => relyingPartyOf(origins, requestOriginOf(request));
  const contextOf = (request: FastifyRequest) => {
    const { address, userAgent } = activityContextOf(request);
    return { address, userAgent };
  };

  app.get(
    '/api/profile/passkeys',
    {
      schema: { tags, summary: 'My passkeys', response: { 200: PasskeyList, ...errors } },
      onRequest: guard('passkeys.manage'),
    },
    async (request) => listPasskeys(db, callerOf(request).id),
  );

  app.post(
    '/api/profile/passkeys/options',
    {
      schema: {
        tags,
        summary: "Options for the browser's startRegistration(): a challenge for five minutes",
        // Nothing to send: an empty object, as sign-out takes.
        body: z.object({}).strict(),
        response: { 200: PasskeyCeremonyOptions, ...errors, 409: ErrorReply },
      },
      onRequest: guard('passkeys.manage'),
    },
    async (request) => registrationOptions(db, callerOf(request), rpOf(request)),
  );

  app.post(
    '/api/profile/passkeys',
    {
      schema: {
        tags,
        summary: 'Add a passkey: its name and the browser’s answer to the options',
        body: PasskeyRegistration,
        response: { 201: Passkey, ...errors, 409: ErrorReply },
      },
      onRequest: guard('passkeys.manage'),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await registerPasskey(db, callerOf(request), rpOf(request), request.body, contextOf(request))),
  );

  app.patch(
    '/api/profile/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Rename one of my passkeys',
        params: IdParams,
        body: PasskeyRename,
        response: { 200: Passkey, ...errors, 404: ErrorReply },
      },
      onRequest: guard('passkeys.manage'),
    },
    async (request) => renamePasskey(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/profile/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of my passkeys: it signs in no more',
        params: IdParams,
        response: { 204: z.null(), ...errors, 404: ErrorReply },
      },
      onRequest: guard('passkeys.manage'),
    },
    async (request, reply) => {
      await removePasskey(db, callerOf(request), request.params.id, contextOf(request));
      return reply.status(204).send(null);
    },
  );
}
