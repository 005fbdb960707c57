import { type ApiScope, scopeForAction, tokenAllows } from '@brigade/core/api-scopes';
import { messages } from '@brigade/core/messages';
import { type Action, type Permission, permissions, reachesRestaurant } from '@brigade/core/permissions';
import type { Role } from '@brigade/core/roles';
import { PASSWORD_CHANGE_REQUIRED } from '@brigade/core/schemas/passwords';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, HttpError, unauthorized } from '../errors';
import type { SessionCheck } from './session-check';
import type { SessionUser } from './session-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the route's guard; null on a route without one (see `callerOf`). */
    sessionUser: SessionUser | null;
  }
  interface FastifySchema {
    /** The permission-table action a guarded route checks (see `documentGuardedAction`). */
    'x-action'?: Action;
    /** Where a route of an action scoped to a restaurant finds it (see `RestaurantSource`). */
    'x-restaurant'?: RestaurantSource;
    /** The scope an API token needs for the route (issue 37); absent: no token may call it. */
    'x-scope'?: ApiScope;
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

/**
 * Where a route of an action scoped to a restaurant (`scope: 'restaurant'` in the
 * permission table) finds its restaurant: a field of the validated request, such as
 * `'query.restaurantId'` or `'body.selectedRestaurants'` (one id or a list; absent means
 * none named), which the guard checks before the handler; or `'stored'` when the service
 * checks it against the database with `inReach` (./reach.ts): the restaurant of an audit
 * or a person known by id, or one that must be found before it is checked (a report's
 * unknown restaurant is the spec's 404 "Selected restaurant not found").
 */
export type RestaurantSource = `${'params' | 'query' | 'body'}.${string}` | 'stored';

export interface GuardOptions {
  restaurant?: RestaurantSource;
}

export type GuardFactory = (
  action: Action,
  options?: GuardOptions,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

interface GuardedAction {
  action: Action;
  restaurant?: RestaurantSource;
}

/** Each hook made by a guard factory, and the action it checks. */
const guardedActions = new WeakMap<object, GuardedAction>();

/**
 * What a person signed in with a temporary password (set by hq) may do before they choose
 * their own: learn who they are (the web then shows the change-password screen) and choose
 * it. Every other guarded call is a 403 with the code PASSWORD_CHANGE_REQUIRED.
 */
const ACTIONS_WHILE_PASSWORD_MUST_CHANGE: ReadonlySet<Action> = new Set(['session.read', 'password.change']);

/**
 * `guard('restaurants.read', { restaurant: 'params.id' })` as a route's `onRequest` hook:
 * 401 signed out, 403 when the permission table does not give the caller's role that
 * action. It runs before the body is read or validated, so a signed-out caller learns
 * nothing about what a route accepts, and an unauthorised upload is refused before a byte
 * of it is stored. The restaurant scope is checked once the request is validated (see
 * `documentGuardedAction`): 403 before the handler when the caller does not reach a
 * restaurant the request names.
 */
export function createGuard(sessionCheck: SessionCheck): GuardFactory {
  return (action, options = {}) => {
    const onRequest = async (request: FastifyRequest) => {
      const user = await sessionCheck(request);
      if (!(permissions[action].roles as readonly Role[]).includes(user.role)) throw forbidden();
      if (user.apiToken && !tokenAllows(user.apiToken.scopes, action)) throw scopeRefusal(action);
      if (user.mustChangePassword && !ACTIONS_WHILE_PASSWORD_MUST_CHANGE.has(action)) {
        throw forbidden(messages.passwordChangeRequired, PASSWORD_CHANGE_REQUIRED);
      }
      request.sessionUser = user;
    };
    guardedActions.set(onRequest, { action, restaurant: options.restaurant });
    return onRequest;
  };
}

/**
 * 403 to a token without the scope an action needs (RFC 6750's insufficient_scope, naming
 * the scope), or to any token for an action no token may call (one's own account, settings).
 */
function scopeRefusal(action: Action): HttpError {
  const scope = scopeForAction(action);
  if (!scope) return forbidden(messages.apiTokenNotAllowed);
  return new HttpError(403, messages.apiTokenScopeMissing, undefined, 'API_SCOPE_MISSING', {
    'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
  });
}

/** The restaurant ids a request names at `source` ('query.restaurantId'): none, one or several. */
function restaurantIdsAt(request: FastifyRequest, source: Exclude<RestaurantSource, 'stored'>): unknown[] {
  const [part, field] = source.split('.') as ['params' | 'query' | 'body', string];
  const container = request[part] as Record<string, unknown> | undefined;
  const value = container?.[field];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function restaurantScopeCheck(source: Exclude<RestaurantSource, 'stored'>) {
  return async (request: FastifyRequest) => {
    const user = callerOf(request);
    for (const id of restaurantIdsAt(request, source)) {
      if (typeof id !== 'string' || !reachesRestaurant(user, id)) throw forbidden(messages.restaurantForbidden);
    }
  };
}

/**
 * An `onRoute` hook: writes the action of a route's guard into its OpenAPI operation
 * as `x-action` (where a scoped route finds its restaurant as `x-restaurant`, and the
 * scope an API token needs as `x-scope`, with the credentials it takes as `security`), so
 * the API docs say who may call what, and the authorization matrix test reads every
 * route and its action from the one document. A route of an action scoped to a
 * restaurant must say where its restaurant is; one naming a request field gets the
 * scope check as its first `preHandler`, after validation and before the handler.
 */
export function documentGuardedAction(route: RouteOptions) {
  const guarded = [route.onRequest ?? []].flat().flatMap((handler) => guardedActions.get(handler) ?? []);
  if (guarded.length === 0) return;
  if (guarded.length > 1) throw new Error(`${route.method} ${route.url}: one guard per route, not ${guarded.length}`);
  const [{ action, restaurant }] = guarded as [GuardedAction];
  // Hidden, it would escape the matrix, which lists the routes of the document.
  if (route.schema?.hide) throw new Error(`${route.method} ${route.url}: a guarded route stays in the API docs`);
  const scoped = (permissions[action] as Permission).scope === 'restaurant';
  if (scoped && !restaurant) {
    throw new Error(`${route.method} ${route.url}: ${action} is scoped to a restaurant; name where the route finds it`);
  }
  if (!scoped && restaurant) throw new Error(`${route.method} ${route.url}: ${action} is not scoped to a restaurant`);
  // Which credentials the route takes: a session cookie always, an API token when the action has a scope.
  const scope = scopeForAction(action);
  route.schema = {
    ...route.schema,
    'x-action': action,
    ...(restaurant ? { 'x-restaurant': restaurant } : {}),
    ...(scope ? { 'x-scope': scope } : {}),
    security: scope ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }],
  };
  if (restaurant && restaurant !== 'stored') {
    route.preHandler = [restaurantScopeCheck(restaurant), ...[route.preHandler ?? []].flat()];
  }
}

/** The caller set by the route's guard; a route without a guard has none. */
export function callerOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
