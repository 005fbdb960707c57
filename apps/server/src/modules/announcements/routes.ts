import {
  AckCounts,
  AckCountsQuery,
  Acknowledgement,
  AckPeoplePage,
  AckPeopleQuery,
  AnnouncementDetail,
  AnnouncementInput,
  AnnouncementListQuery,
  AnnouncementPage,
  AnnouncementUpdate,
  ManagedAnnouncement,
  PinnedAnnouncement,
} from '@brigade/core/schemas/announcements';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import {
  acknowledgeAnnouncement,
  acknowledgementCounts,
  acknowledgementPeople,
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  pinnedAnnouncements,
  recentAnnouncements,
  updateAnnouncement,
} from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['announcements'];

export async function announcementRoutes(
  app: App,
  { database, guard, notifier }: Pick<AppContext, 'database' | 'guard' | 'notifier'>,
) {
  const { db } = database;

  app.get(
    '/api/announcements',
    {
      schema: {
        tags,
        summary: 'Announcements, newest first (or sorted by title or author), searched, filtered and paged',
        querystring: AnnouncementListQuery,
        response: { 200: AnnouncementPage, ...errors },
      },
      onRequest: guard('announcements.read'),
    },
    async (request) => listAnnouncements(db, request.query),
  );

  app.get(
    '/api/announcements/recent',
    {
      schema: {
        tags,
        summary: 'The 5 most recent announcements',
        response: { 200: z.array(ManagedAnnouncement), ...errors },
      },
      onRequest: guard('announcements.read'),
    },
    async () => recentAnnouncements(db),
  );

  app.get(
    '/api/announcements/pinned',
    {
      schema: {
        tags,
        summary: 'What the caller has still to acknowledge (pinned on their dashboard)',
        response: { 200: z.array(PinnedAnnouncement), ...errors },
      },
      onRequest: guard('announcements.acknowledge'),
    },
    async (request) => pinnedAnnouncements(db, callerOf(request)),
  );

  app.get(
    '/api/announcements/:id',
    {
      schema: {
        tags,
        summary: 'One announcement with its audience, and whether the caller has acknowledged it',
        params: IdParams,
        response: { 200: AnnouncementDetail, ...errors },
      },
      onRequest: guard('announcements.read'),
    },
    async (request) => getAnnouncement(db, callerOf(request), request.params.id),
  );

  app.post(
    '/api/announcements/:id/acknowledge',
    {
      schema: {
        tags,
        summary: '"I have read this": acknowledge the current version (idempotent)',
        params: IdParams,
        response: { 200: Acknowledgement, ...errors },
      },
      onRequest: guard('announcements.acknowledge'),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request) => acknowledgeAnnouncement(db, callerOf(request), request.params.id, request.offline),
  );

  app.get(
    '/api/announcements/:id/acknowledgement-counts',
    {
      schema: {
        tags,
        summary: 'Acknowledged / audience, in all and per restaurant (hq; managers name their restaurant)',
        params: IdParams,
        querystring: AckCountsQuery,
        response: { 200: AckCounts, ...errors },
      },
      onRequest: guard('acknowledgements.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => acknowledgementCounts(db, callerOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/announcements/:id/acknowledgements',
    {
      schema: {
        tags,
        summary: 'Who has not acknowledged (or who has), paged by name (hq; managers name their restaurant)',
        params: IdParams,
        querystring: AckPeopleQuery,
        response: { 200: AckPeoplePage, ...errors },
      },
      onRequest: guard('acknowledgements.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => acknowledgementPeople(db, callerOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/announcements',
    {
      schema: {
        tags,
        summary: 'Publish an announcement (hq)',
        body: AnnouncementInput,
        response: { 201: ManagedAnnouncement, ...errors },
      },
      onRequest: guard('announcements.manage'),
    },
    async (request, reply) =>
      reply.status(201).send(await createAnnouncement(db, notifier, callerOf(request), request.body)),
  );

  app.put(
    '/api/announcements/:id',
    {
      schema: {
        tags,
        summary:
          'Edit an announcement (hq); a changed text of an acknowledged one must say `reacknowledge` (409 without)',
        params: IdParams,
        body: AnnouncementUpdate,
        response: { 200: ManagedAnnouncement, ...errors },
      },
      onRequest: guard('announcements.manage'),
    },
    async (request) => updateAnnouncement(db, notifier, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/announcements/:id',
    {
      schema: {
        tags,
        summary: 'Delete an announcement (hq)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('announcements.manage'),
    },
    async (request, reply) => {
      await deleteAnnouncement(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
