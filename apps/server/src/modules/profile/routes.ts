import { ErrorReply } from '@brigade/core/schemas/common';
import { Profile, UpdateLanguage, UpdateProfile } from '@brigade/core/schemas/profile';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { loadProfile, updateLanguage, updateProfile } from './service';

export async function profileRoutes(
  app: App,
  { database, auth, guard }: Pick<AppContext, 'database' | 'auth' | 'guard'>,
) {
  app.get(
    '/api/profile',
    {
      schema: { tags: ['profile'], summary: 'My profile', response: { 200: Profile, 401: ErrorReply } },
      onRequest: guard('profile.read'),
    },
    async (request) => loadProfile(database.db, callerOf(request)),
  );

  app.put(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update my name, email and (optionally) password',
        body: UpdateProfile,
        response: { 200: Profile, 400: ErrorReply, 401: ErrorReply, 409: ErrorReply },
      },
      onRequest: guard('profile.update'),
    },
    async (request) => updateProfile(database.db, auth, callerOf(request), request.body),
  );

  app.put(
    '/api/profile/language',
    {
      schema: {
        tags: ['profile'],
        summary: "Choose my language (null: my browser's)",
        body: UpdateLanguage,
        response: { 200: UpdateLanguage, 400: ErrorReply, 401: ErrorReply },
      },
      onRequest: guard('profile.update'),
    },
    async (request) => updateLanguage(database.db, callerOf(request), request.body),
  );
}
