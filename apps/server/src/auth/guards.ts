import { type Action, permissions, reachesRestaurant } from '@brigade/core/permissions';
import { isRole, type Role } from '@brigade/core/roles';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../db/client';
import { staffRestaurantAssignments } from '../db/schema/restaurants';
import { forbidden, unauthorized } from '../errors';
import type { Auth } from './auth';

/** The caller of a guarded route, as every service receives it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Restaurants assigned to a manager or staff member (active or not); empty for hq, who reaches all. */
  restaurantIds: string[];
  sessionToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the route's guard; null on a route without one (see `callerOf`). */
    sessionUser: SessionUser | null;
  }
  interface FastifySchema {
    /** The permission-table action a guarded route checks (see `documentGuardedAction`). */
    'x-action'?: Action;
  }
}

/**
 * Declares `request.sessionUser` on the root instance, before any module registers, so
 * every encapsulated module inherits it. Null (a value, not an object shared by every
 * request, as Fastify 5 requires) until a guard assigns the caller in its hook.
 */
export function decorateSessionUser(app: FastifyInstance) {
  app.decorateRequest('sessionUser', null);
}

/** The signed-in caller, or 401. Inactive users count as signed out. */
export async function loadSessionUser(auth: Auth, db: Database, request: FastifyRequest): Promise<SessionUser> {
  const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!found) throw unauthorized();
  const { user, session } = found;
  if (!user.isActive || !isRole(user.role)) throw unauthorized();
  // hq reaches every restaurant whatever its assignments: one round trip saved per request.
  const assigned =
    user.role === 'hq'
      ? []
      : await db
          .select({ restaurantId: staffRestaurantAssignments.restaurantId })
          .from(staffRestaurantAssignments)
          .where(eq(staffRestaurantAssignments.userId, user.id));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    restaurantIds: assigned.map((row) => row.restaurantId),
    sessionToken: session.token,
  };
}

export type GuardFactory = (action: Action) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Each hook made by a guard factory, and the action it checks. */
const guardedActions = new WeakMap<object, Action>();

/**
 * `guard('restaurants.read')` as a route's `onRequest` hook: 401 signed out, 403 when
 * the permission table does not give the caller's role that action. It runs before the
 * body is read or validated, so a signed-out caller learns nothing about what a route
 * accepts, and an unauthorised upload is refused before a byte of it is stored.
 */
export function createGuard(auth: Auth, db: Database): GuardFactory {
  return (action) => {
    const onRequest = async (request: FastifyRequest) => {
      const user = await loadSessionUser(auth, db, request);
      if (!(permissions[action].roles as readonly Role[]).includes(user.role)) throw forbidden();
      request.sessionUser = user;
    };
    guardedActions.set(onRequest, action);
    return onRequest;
  };
}

/**
 * An `onRoute` hook: writes the action of a route's guard into its OpenAPI operation
 * as `x-action`, so the API docs say who may call what, and the authorization matrix
 * test reads every route and its action from the one document.
 */
export function documentGuardedAction(route: RouteOptions) {
  const actions = [route.onRequest ?? []].flat().flatMap((handler) => guardedActions.get(handler) ?? []);
  if (actions.length === 0) return;
  if (actions.length > 1) throw new Error(`${route.method} ${route.url}: one guard per route, not ${actions.length}`);
  // Hidden, it would escape the matrix, which lists the routes of the document.
  if (route.schema?.hide) throw new Error(`${route.method} ${route.url}: a guarded route stays in the API docs`);
  route.schema = { ...route.schema, 'x-action': actions[0] };
}

/** The caller set by the route's guard; a route without a guard has none. */
export function callerOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

export function assertReachesRestaurant(user: SessionUser, restaurantId: string) {
  if (!reachesRestaurant(user, restaurantId)) throw forbidden('You do not have access to this restaurant.');
}
