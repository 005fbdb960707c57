import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's browser client, same origin. It only signs in and out: the session is
 * an httpOnly cookie the browser sends by itself, and who is signed in comes from
 * `GET /api/me` (role and restaurants included), not from Better Auth's session.
 */
export const authClient = createAuthClient({ basePath: '/api/auth' });
