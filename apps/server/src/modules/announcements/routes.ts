import {
  Announcement,
  AnnouncementInput,
  AnnouncementListQuery,
  AnnouncementPage,
} from '@brigade/core/schemas/announcements';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { App, AppContext } from '../../context';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  recentAnnouncements,
  updateAnnouncement,
} from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const tags = ['announcements'];

export async function announcementRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
  const { db } = database;

  app.get(
    '/api/announcements',
    {
      schema: {
        tags,
        summary: 'Announcements, newest first, searched and paged',
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
      schema: { tags, summary: 'The 5 most recent announcements', response: { 200: z.array(Announcement), ...errors } },
      onRequest: guard('announcements.read'),
    },
    async () => recentAnnouncements(db),
  );

  app.post(
    '/api/announcements',
    {
      schema: {
        tags,
        summary: 'Publish an announcement (hq)',
        body: AnnouncementInput,
        response: { 201: Announcement, ...errors },
      },
      onRequest: guard('announcements.manage'),
    },
    async (request, reply) => reply.status(201).send(await createAnnouncement(db, callerOf(request), request.body)),
  );

  app.put(
    '/api/announcements/:id',
    {
      schema: {
        tags,
        summary: 'Edit an announcement (hq)',
        params: IdParams,
        body: AnnouncementInput,
        response: { 200: Announcement, ...errors },
      },
      onRequest: guard('announcements.manage'),
    },
    async (request) => updateAnnouncement(db, request.params.id, request.body),
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
