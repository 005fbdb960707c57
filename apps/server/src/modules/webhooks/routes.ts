import { ErrorReply, IdParams, NoBody } from '@brigade/core/schemas/common';
import {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookDeliveryQuery,
  WebhookInput,
  WebhookList,
  WebhookSummary,
  WebhookUpdate,
  WebhookWithSecret,
} from '@brigade/core/schemas/webhooks';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import type { DeliveryDeps } from './deliveries';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './endpoints';
import type { WebhookSettings } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const tags = ['webhooks'];

/** hq's Webhooks screen (issue 37): endpoints, their delivery log, Resend and a test event. */
export async function webhookRoutes(
  app: App,
  options: Pick<AppContext, 'database' | 'guard' | 'notifier' | 'publicUrl'> & { webhooks: WebhookSettings },
) {
  const { database, guard, notifier, publicUrl } = options;
  const { policy, secretBox } = options.webhooks;
  const { db } = database;
  const endpointDeps = { db, policy, seal: (secret: string) => secretBox.seal(secret) };
  const deliveryDeps: DeliveryDeps = { db, secretBox, policy, publicUrl, notifier };
  const manage = guard('webhooks.manage');

  app.get(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Webhook endpoints, newest first, with their last delivery',
        response: { 200: WebhookList, ...errors },
      },
      onRequest: manage,
    },
    async () => ({ items: await listEndpoints(db) }),
  );

  app.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Register an endpoint: the answer carries its signing secret (standard kind), shown this once',
        body: WebhookInput,
        response: { 201: WebhookWithSecret, ...errors },
      },
      onRequest: manage,
    },
    async (request, reply) =>
      reply.status(201).send(await createEndpoint(endpointDeps, callerOf(request), request.body)),
  );

  app.patch(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change URL, events, language, or turn the endpoint on or off',
        params: IdParams,
        body: WebhookUpdate,
        response: { 200: WebhookSummary, ...errors },
      },
      onRequest: manage,
    },
    async (request) => updateEndpoint(endpointDeps, request.params.id, request.body),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: manage,
    },
    async (request, reply) => {
      await deleteEndpoint(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret, shown this once; the old one stops at once',
        params: IdParams,
        body: NoBody,
        response: { 200: WebhookWithSecret, ...errors },
      },
      onRequest: manage,
    },
    async (request) => rotateSecret(endpointDeps, request.params.id),
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first: state, attempts, response code and duration",
        params: IdParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryPage, ...errors },
      },
      onRequest: manage,
    },
    async (request) => listDeliveries(db, request.params.id, request.query),
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        summary: 'Send one delivery again now (same event id), with a fresh 24 hours of retries',
        params: WebhookDeliveryParams,
        body: NoBody,
        response: { 200: WebhookDelivery, ...errors },
      },
      onRequest: manage,
    },
    async (request) => resendDelivery(deliveryDeps, request.params.id, request.params.deliveryId),
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint now; the answer is its delivery',
        params: IdParams,
        body: NoBody,
        response: { 200: WebhookDelivery, ...errors },
      },
      onRequest: manage,
    },
    async (request) => sendTestEvent(deliveryDeps, request.params.id),
  );
}
