import { ALL_ROLES, type Role } from './roles';
import type { AuditStatus } from './schemas/audits';

/**
 * Who may call what on the server (ARCHITECTURE.md §3.1). Every API route names one
 * action from this table in its guard; the web app reads the same table to decide what
 * it offers. `scope: 'restaurant'` means the caller must also reach the restaurant
 * concerned (`reachesRestaurant` below): hq reaches every restaurant, managers and staff
 * only those assigned to them. The server's guard enforces it: each route of such an
 * action names where its restaurant is, a request field the guard checks before the
 * handler, or the stored row, which the service filters with its one SQL helper
 * (apps/server/src/auth/guards.ts and reach.ts).
 */
export interface Permission {
  roles: readonly Role[];
  scope?: 'restaurant';
}

export const permissions = {
  'session.read': { roles: ALL_ROLES },
  'profile.read': { roles: ALL_ROLES },
  'profile.update': { roles: ALL_ROLES },
  'restaurants.list': { roles: ['hq'] },
  'restaurants.read': { roles: ALL_ROLES, scope: 'restaurant' },
  'restaurants.manage': { roles: ['hq'] },
  // Managers: only role staff, only in restaurants assigned to them; what they may change
  // about someone who also works elsewhere is `staffChangesFor` (staff-changes.ts).
  'users.list': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'users.save': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'users.setActive': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'users.delete': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'auditTemplates.manage': { roles: ['hq'] },
  // Managers and staff read completed audits of their restaurants; hq runs audits
  // (which audits each role sees at all: `auditStatusesReadableBy` below).
  'audits.list': { roles: ALL_ROLES, scope: 'restaurant' },
  'audits.read': { roles: ALL_ROLES, scope: 'restaurant' },
  'audits.create': { roles: ['hq'] },
  'audits.conduct': { roles: ['hq'] },
  'audits.delete': { roles: ['hq'] },
  // Photo evidence (issue 19): adding and removing photos of a draft is conducting it;
  // loading a photo is reading its audit (audits.read) or its action (actions.read).
  // Corrective actions: everyone reads those of their restaurants (a completed audit's
  // findings link to them); hq and managers list and resolve them; hq adds, reopens
  // and reassigns them.
  'actions.list': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'actions.read': { roles: ALL_ROLES, scope: 'restaurant' },
  'actions.create': { roles: ['hq'] },
  'actions.resolve': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'actions.reopen': { roles: ['hq'] },
  'actions.reassign': { roles: ['hq'] },
  // Audit schedules: hq defines them; hq and managers see what is due and missed.
  'schedules.manage': { roles: ['hq'] },
  'auditDue.read': { roles: ['hq', 'manager'], scope: 'restaurant' },
  // Trainings: everyone reads, watches and takes quizzes; only hq authors (ARCHITECTURE §3.1).
  'trainings.read': { roles: ALL_ROLES },
  'trainings.manage': { roles: ['hq'] },
  'trainings.progress': { roles: ALL_ROLES },
  'uploads.create': { roles: ['hq'] },
  'videos.stream': { roles: ALL_ROLES },
  'quizzes.manage': { roles: ['hq'] },
  'quizzes.take': { roles: ALL_ROLES },
  'myTrainings.read': { roles: ALL_ROLES },
  // Managers: only staff of restaurants assigned to them.
  'assignments.read': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'assignments.manage': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'announcements.read': { roles: ALL_ROLES },
  'announcements.manage': { roles: ['hq'] },
  // Issue 20. Everyone acknowledges what is addressed to them; who has (and who has not)
  // is for hq (every restaurant) and managers (their restaurants), never for staff.
  'announcements.acknowledge': { roles: ALL_ROLES },
  'acknowledgements.read': { roles: ['hq', 'manager'], scope: 'restaurant' },
  // Everyone has their own notifications and chooses how they arrive.
  'notifications.use': { roles: ALL_ROLES },
  // Passkeys (issue 36): everyone adds, renames and removes their own.
  'passkeys.manage': { roles: ALL_ROLES },
  // hq sets a temporary password that must be changed at the next sign-in.
  'users.temporaryPassword': { roles: ['hq'] },
  // Choosing one's own password after a temporary one (the one call besides /api/me
  // allowed while it must be changed; guards.ts).
  'password.change': { roles: ALL_ROLES },
  // Findings that train: the restaurant's managers (and hq) assign or dismiss a suggestion.
  'trainingSuggestions.manage': { roles: ['hq', 'manager'], scope: 'restaurant' },
  // Checklists (issue 33): hq makes the chain's templates, managers their restaurants'
  // own; everyone fills those of their restaurants; managers (and hq) correct a record
  // and sign off the food-safety log.
  'checklists.manage': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'checklists.fill': { roles: ALL_ROLES, scope: 'restaurant' },
  'checklists.correct': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'foodSafetyLog.read': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'foodSafetyLog.signOff': { roles: ['hq', 'manager'], scope: 'restaurant' },
  // The restaurant's manager signs a submitted audit off, on the auditor's phone or later.
  'audits.signOff': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'dashboards.hq': { roles: ['hq'] },
  'dashboards.manager': { roles: ['manager'], scope: 'restaurant' },
  'dashboards.staff': { roles: ['staff'] },
  'storePerformance.read': { roles: ['hq'] },
  // hq reports need hq; restaurant reports a restaurant the caller reaches (reports service).
  'reports.view': { roles: ['hq', 'manager'], scope: 'restaurant' },
  // Whether Power BI is configured: no restaurant involved.
  'reports.status': { roles: ['hq', 'manager'] },
  // The demo's caught emails (issue 35): reset links and notifications of every person.
  'demoEmails.read': { roles: ['hq'] },
  // The activity log (issue 36): hq reads every entry and checks the chain; a manager
  // reads the record changes of their restaurants (never how others sign in).
  'activityLog.read': { roles: ['hq', 'manager'], scope: 'restaurant' },
  'activityLog.verify': { roles: ['hq'] },
  // Provisioning (issue 36): the SCIM tokens an identity provider provisions people with.
  'scim.manage': { roles: ['hq'] },
  // Single sign-on (issue 36): the identity providers people sign in with.
  'identityProviders.manage': { roles: ['hq'] },
  // Webhooks (issue 37): hq's endpoints, their delivery log, resend and test events.
  'webhooks.manage': { roles: ['hq'] },
  // API tokens (issue 37): hq makes, lists and revokes them; a token never does (api-scopes.ts).
  'apiTokens.manage': { roles: ['hq'] },
  // Temperature sensors (issue 37): hq registers devices and issues their keys; hq and the
  // restaurant's managers read its devices, charts and excursions.
  'sensors.manage': { roles: ['hq'] },
  'sensors.read': { roles: ['hq', 'manager'], scope: 'restaurant' },
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof permissions;

/**
 * The API routes anyone may call, signed in or not, as "METHOD /path". Every other
 * route names an action of `permissions` in its guard; the authorization matrix test
 * fails on a route that does neither, and on an entry here that matches no route.
 */
export const publicRoutes: readonly string[] = [
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  // The web app's session check: the signed-in person, or null (`GET /api/me` is guarded).
  'GET /api/session',
  // First run: creating the head office account while no user exists.
  'GET /api/setup',
  'POST /api/setup',
  // The only Better Auth endpoints the server answers (apps/server/src/auth/routes.ts),
  // hidden from the API docs; every other /api/auth path is a 404.
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  // Forgotten passwords (issue 20): whether a link can be emailed, asking for one, using it.
  'GET /api/password-reset',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  // Passkeys (issue 36): the sign-in screen's challenge, and signing in with its answer.
  'POST /api/auth/passkey/sign-in-options',
  'POST /api/auth/passkey/sign-in',
  // Single sign-on (issue 36): the sign-in screen's providers, the way out to one and back.
  'GET /api/sso/providers',
  'GET /api/sso/{id}/start',
  'GET /api/auth/sso/callback',
  // Temperature sensors (issue 37): a device posts readings signed with its own key (modules/sensors).
  'POST /api/sensors/readings',
  // The API docs: Swagger UI and the OpenAPI document, hidden from the document itself.
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
];

export function allows(role: Role, action: Action): boolean {
  return (permissions[action].roles as readonly Role[]).includes(role);
}

/**
 * Who may read a draft audit. A draft is hq's work in progress: only hq (who create
 * and conduct audits) see and open drafts. Managers and staff see an audit of their
 * restaurants only once it is completed: in audit lists, the dashboards' Recent Audits
 * and their counts, and by id, where a draft answers 404 "Audit not found" to them as if
 * it did not exist yet. Reading is seeing an audit's items and score: the manager
 * dashboard's Pending Audits card still counts the restaurant's drafts (the spec's card,
 * "head office has an audit in progress here"), without showing them. The server's
 * queries filter by these statuses; the web shows whatever the server lists.
 */
export const auditStatusesReadableBy = {
  hq: ['draft', 'completed'],
  manager: ['completed'],
  staff: ['completed'],
} as const satisfies Record<Role, readonly AuditStatus[]>;

export function mayReadAudit(role: Role, status: AuditStatus): boolean {
  return (auditStatusesReadableBy[role] as readonly AuditStatus[]).includes(status);
}

/** hq reaches every restaurant; everyone else only the restaurants assigned to them. */
export function reachesRestaurant(
  user: { role: Role; restaurantIds: readonly string[] },
  restaurantId: string,
): boolean {
  return user.role === 'hq' || user.restaurantIds.includes(restaurantId);
}
