import { ErrorReply } from '@brigade/core/schemas/common';
import {
  PushDevice,
  PushDeviceList,
  PushPublicKey,
  PushSubscriptionInput,
  PushSubscriptionRemoval,
} from '@brigade/core/schemas/push';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { listDevices, subscribe, unsubscribe } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };
const tags = ['push'];

/** Web Push (issue 34): the server's key, and the caller's own devices that receive push. */
export async function pushRoutes(app: App, { database, guard, push }: Pick<AppContext, 'database' | 'guard' | 'push'>) {
  const { db } = database;

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key a browser subscribes with (its applicationServerKey)',
        response: { 200: PushPublicKey, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async () => ({ publicKey: push.publicKey }),
  );

  app.get(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'My devices that receive push notifications',
        response: { 200: PushDeviceList, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request) => listDevices(db, callerOf(request).id),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'Turn push notifications on for this device (its PushSubscription)',
        body: PushSubscriptionInput,
        response: { 201: PushDevice, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request, reply) => reply.status(201).send(await subscribe(db, callerOf(request).id, request.body)),
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'Turn push notifications off for this device (by its endpoint)',
        body: PushSubscriptionRemoval,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request, reply) => {
      await unsubscribe(db, callerOf(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
