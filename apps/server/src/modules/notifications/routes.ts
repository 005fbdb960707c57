import { ErrorReply, IdParams, NoBody } from '@brigade/core/schemas/common';
import {
  NotificationListQuery,
  NotificationPage,
  NotificationPreferences,
  NotificationPreferencesInput,
  UnreadCount,
} from '@brigade/core/schemas/notifications';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { requestLanguage } from '../../http/request-language';
import { listNotifications, markAllRead, markRead, preferencesOf, savePreferences, unreadCount } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const tags = ['notifications'];

/** The caller's own notifications and how they arrive (issue 20): nobody reads another person's. */
export async function notificationRoutes(
  app: App,
  { database, guard, mailer }: Pick<AppContext, 'database' | 'guard' | 'mailer'>,
) {
  const { db } = database;

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first, paged, with the unread count',
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request) => listNotifications(db, callerOf(request).id, request.query, requestLanguage(request)),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of my notifications are unread (the bell)',
        response: { 200: UnreadCount, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request) => unreadCount(db, callerOf(request).id),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: IdParams,
        response: { 200: UnreadCount, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request) => markRead(db, callerOf(request).id, request.params.id),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        body: NoBody,
        response: { 200: UnreadCount, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request) => markAllRead(db, callerOf(request).id),
  );

  app.get(
    '/api/profile/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Per kind of notification: in-app only, or in-app and email',
        response: { 200: NotificationPreferences, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request) => preferencesOf(db, callerOf(request), mailer.configured),
  );

  app.put(
    '/api/profile/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Choose, per kind, in-app only or in-app and email',
        body: NotificationPreferencesInput,
        response: { 200: NotificationPreferences, ...errors },
      },
      onRequest: guard('notifications.use'),
    },
    async (request) => savePreferences(db, callerOf(request), request.body, mailer.configured),
  );
}
