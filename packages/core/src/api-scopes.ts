import type { Action } from './permissions';

/**
 * API tokens (issue 37, decision 045): what a token may do, as scopes of the form
 * `<area>:read` or `<area>:write`. A token acts as the hq person who created it, so the
 * permission table still decides; the scope is a second, narrower gate on top of it.
 */
export const API_AREAS = [
  'people',
  'restaurants',
  'audits',
  'actions',
  'checklists',
  'trainings',
  'announcements',
] as const;
export type ApiArea = (typeof API_AREAS)[number];

/** Calls one token may make a minute, across every server, when API_TOKEN_RATE_LIMIT is not set. */
export const DEFAULT_API_TOKEN_RATE_LIMIT = 600;

export const API_ACCESS = ['read', 'write'] as const;
export type ApiAccess = (typeof API_ACCESS)[number];

export type ApiScope = `${ApiArea}:${ApiAccess}`;

export const API_SCOPES: readonly ApiScope[] = API_AREAS.flatMap((area) =>
  API_ACCESS.map((access): ApiScope => `${area}:${access}`),
);

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/**
 * The scope each action needs when called with a token. An action missing here is never
 * open to a token (403): one's own account (profile, password, passkeys, notifications,
 * quizzes one takes), what only a signed-in person should change (SSO, SCIM, API tokens,
 * webhooks), and reads that are not one of the areas (dashboards, reports, the activity
 * log, demo emails). An action added later is token-less until it is mapped here.
 */
export const actionScopes: { readonly [A in Action]?: ApiScope } = {
  'restaurants.list': 'restaurants:read',
  'restaurants.read': 'restaurants:read',
  'restaurants.manage': 'restaurants:write',
  'users.list': 'people:read',
  'users.save': 'people:write',
  'users.setActive': 'people:write',
  'users.delete': 'people:write',
  'audits.list': 'audits:read',
  'audits.read': 'audits:read',
  'auditDue.read': 'audits:read',
  'audits.create': 'audits:write',
  'audits.conduct': 'audits:write',
  'audits.delete': 'audits:write',
  'audits.signOff': 'audits:write',
  'auditTemplates.manage': 'audits:write',
  'schedules.manage': 'audits:write',
  'actions.list': 'actions:read',
  'actions.read': 'actions:read',
  'actions.create': 'actions:write',
  'actions.resolve': 'actions:write',
  'actions.reopen': 'actions:write',
  'actions.reassign': 'actions:write',
  'foodSafetyLog.read': 'checklists:read',
  'checklists.manage': 'checklists:write',
  'checklists.fill': 'checklists:write',
  'checklists.correct': 'checklists:write',
  'foodSafetyLog.signOff': 'checklists:write',
  'trainings.read': 'trainings:read',
  'videos.stream': 'trainings:read',
  'assignments.read': 'trainings:read',
  'trainings.manage': 'trainings:write',
  'uploads.create': 'trainings:write',
  'quizzes.manage': 'trainings:write',
  'assignments.manage': 'trainings:write',
  'trainingSuggestions.manage': 'trainings:write',
  'announcements.read': 'announcements:read',
  'acknowledgements.read': 'announcements:read',
  'announcements.manage': 'announcements:write',
};

/** The scope a token needs for `action`, or null when no token may call it. */
export function scopeForAction(action: Action): ApiScope | null {
  return actionScopes[action] ?? null;
}

/** Whether a token holding `scopes` may call `action`. Write includes read: a token that may change audits may read them. */
export function tokenAllows(scopes: readonly string[], action: Action): boolean {
  const needed = scopeForAction(action);
  if (!needed) return false;
  if (scopes.includes(needed)) return true;
  const [area, access] = needed.split(':') as [ApiArea, ApiAccess];
  return access === 'read' && scopes.includes(`${area}:write`);
}
