import { selectRestaurantMessages } from './messages';
import { ALL_ROLES, type Role } from './roles';

/**
 * The logged-in route table of reports-and-store-performance §2, one row per path.
 * The web router is built from it and every role check on a screen reads it, so a
 * route's audience is written down once. `needsRestaurant` is the notice a manager
 * sees on that screen while no restaurant is selected.
 */
export interface AppRoute {
  path: string;
  title: string;
  roles: readonly Role[];
  needsRestaurant?: string;
  /** Shown without the manager's restaurant selector strip. */
  hidesRestaurantSelector?: boolean;
}

const HQ: readonly Role[] = ['hq'];
const MANAGER: readonly Role[] = ['manager'];

// Tables `as const`, so their titles and labels are types (RouteTitle, NavLabel) that core's
// catalogues must translate (locales/); exported with the interfaces' types.
const routeTable = [
  { path: '/dashboard-hq', title: 'Headquarters Dashboard', roles: HQ },
  { path: '/dashboard-manager', title: 'Manager Dashboard', roles: MANAGER },
  { path: '/dashboard-staff', title: 'My Dashboard', roles: ['staff'] },
  { path: '/store-performance', title: 'Store Performance', roles: HQ },
  { path: '/restaurants-management', title: 'Restaurants', roles: HQ },
  {
    path: '/staff-management',
    title: 'Staff Management',
    roles: ['hq', 'manager'],
    needsRestaurant: selectRestaurantMessages.staff,
  },
  { path: '/announcements-management', title: 'Announcements', roles: HQ },
  { path: '/announcements/:id', title: 'Announcement', roles: ALL_ROLES },
  { path: '/quiz-management', title: 'Quiz Management', roles: HQ },
  { path: '/quiz-management/add', title: 'New Quiz', roles: HQ },
  { path: '/quiz-management/:id/edit', title: 'Edit Quiz', roles: HQ },
  { path: '/audit-templates', title: 'Audit Templates', roles: HQ },
  { path: '/audit-templates/add', title: 'New Audit Template', roles: HQ },
  { path: '/audit-templates/:id/edit', title: 'Edit Audit Template', roles: HQ },
  {
    path: '/training-assign',
    title: 'Assign Trainings',
    roles: ['hq', 'manager'],
    needsRestaurant: selectRestaurantMessages.assignTrainings,
  },
  {
    path: '/manager-bulk-training-assign',
    title: 'Bulk Assign Training',
    roles: MANAGER,
    needsRestaurant: selectRestaurantMessages.assignTrainings,
  },
  { path: '/audits/create', title: 'New Audit', roles: HQ },
  {
    path: '/training-assignments',
    title: 'Training Assignments',
    // Managers too: their dashboard's Active Trainings card opens it (issue: training assignment).
    roles: ['hq', 'manager'],
    needsRestaurant: selectRestaurantMessages.trainingAssignments,
  },
  { path: '/hq-reports', title: 'HQ Reports', roles: HQ },
  { path: '/reports/hq-sales', title: 'Sales', roles: HQ, hidesRestaurantSelector: true },
  { path: '/reports/hq-product-mix', title: 'Product Sales', roles: HQ, hidesRestaurantSelector: true },
  { path: '/reports/hq-operations', title: 'Operations', roles: HQ, hidesRestaurantSelector: true },
  { path: '/reports/23-24-25', title: '23 & 24 & 25', roles: HQ, hidesRestaurantSelector: true },
  {
    path: '/reports/sales',
    title: 'Sales Report',
    roles: MANAGER,
    needsRestaurant: selectRestaurantMessages.salesReport,
    hidesRestaurantSelector: true,
  },
  {
    path: '/reports/product-mix',
    title: 'Product Mix Report',
    roles: MANAGER,
    needsRestaurant: selectRestaurantMessages.productMixReport,
    hidesRestaurantSelector: true,
  },
  {
    path: '/reports/operations',
    title: 'Operations Report',
    roles: MANAGER,
    needsRestaurant: selectRestaurantMessages.operationsReport,
    hidesRestaurantSelector: true,
  },
  {
    path: '/audits-management',
    title: 'Audits',
    roles: ALL_ROLES,
    needsRestaurant: selectRestaurantMessages.audits,
  },
  { path: '/audits/:id', title: 'Audit', roles: ALL_ROLES },
  { path: '/audits/:id/report', title: 'Audit Report', roles: ALL_ROLES },
  {
    path: '/actions',
    title: 'Corrective Actions',
    roles: ['hq', 'manager'],
    needsRestaurant: selectRestaurantMessages.actions,
  },
  { path: '/actions/:id', title: 'Corrective Action', roles: ALL_ROLES },
  { path: '/audit-schedules', title: 'Audit Schedules', roles: HQ },
  // Issue 33: the restaurant's shift.
  { path: '/today', title: 'Today', roles: ['manager', 'staff'], needsRestaurant: selectRestaurantMessages.today },
  { path: '/checklists/:id', title: 'Checklist', roles: ALL_ROLES },
  {
    path: '/checklist-templates',
    title: 'Checklists',
    roles: ['hq', 'manager'],
    needsRestaurant: selectRestaurantMessages.checklists,
  },
  { path: '/checklist-templates/add', title: 'New Checklist', roles: ['hq', 'manager'] },
  { path: '/checklist-templates/:id/edit', title: 'Edit Checklist', roles: ['hq', 'manager'] },
  {
    path: '/food-safety-log',
    title: 'Food Safety Log',
    roles: ['hq', 'manager'],
    needsRestaurant: selectRestaurantMessages.foodSafetyLog,
  },
  { path: '/trainings', title: 'Trainings', roles: ALL_ROLES },
  { path: '/trainings/add', title: 'Add Training', roles: ALL_ROLES },
  { path: '/trainings/:id', title: 'Training', roles: ALL_ROLES },
  { path: '/trainings/:id/edit', title: 'Edit Training', roles: ALL_ROLES },
  { path: '/trainings/:id/take-quiz', title: 'Take Quiz', roles: ALL_ROLES },
  { path: '/my-trainings', title: 'My Trainings', roles: ALL_ROLES },
  { path: '/profile', title: 'Update Profile', roles: ALL_ROLES },
  { path: '/notifications', title: 'Notifications', roles: ALL_ROLES },
  // Issue 35: the emails `npm run demo` caught instead of sending.
  { path: '/demo-emails', title: 'Demo Emails', roles: HQ },
  // Issue 36: who changed what, when and from where (a manager: their restaurants' records).
  { path: '/activity-log', title: 'Activity Log', roles: ['hq', 'manager'] },
  // Issue 36: the SCIM tokens an identity provider provisions people with.
  { path: '/provisioning', title: 'Provisioning', roles: HQ },
  // Issue 36: the identity providers people sign in with (OpenID Connect, Entra ID first).
  { path: '/single-sign-on', title: 'Single Sign-On', roles: HQ },
  // Issue 37: the tokens other systems call the API with.
  { path: '/api-tokens', title: 'API Tokens', roles: HQ },
  // Issue 37: the endpoints events are sent to (signed webhooks, Teams, Slack).
  { path: '/webhooks', title: 'Webhooks', roles: HQ },
  // Issue 37: hq's temperature sensors, and one restaurant's readings (its managers come from their dashboard).
  { path: '/sensors', title: 'Sensors', roles: HQ },
  { path: '/sensors/:restaurantId', title: 'Temperatures', roles: ['hq', 'manager'] },
  { path: '/sensors/excursions/:id', title: 'Temperature Excursion', roles: ['hq', 'manager'] },
] as const satisfies readonly AppRoute[];

export const appRoutes: readonly AppRoute[] = routeTable;

/** Every route's title. */
export type RouteTitle = (typeof routeTable)[number]['title'];

export function canOpenRoute(role: Role, route: AppRoute): boolean {
  return route.roles.includes(role);
}

export function isReportPath(pathname: string): boolean {
  return pathname.startsWith('/reports/');
}

/** One entry of the sidebar (core-operations §2 "Navigation entries by role"). */
export interface NavEntry {
  label: string;
  path: string;
  roles: readonly Role[];
}

const sidebarTable = [
  { label: 'Dashboard', path: '/dashboard-hq', roles: HQ },
  { label: 'Dashboard', path: '/dashboard-manager', roles: MANAGER },
  { label: 'Dashboard', path: '/dashboard-staff', roles: ['staff'] },
  { label: 'Today', path: '/today', roles: ['manager', 'staff'] },
  { label: 'Store Performance', path: '/store-performance', roles: HQ },
  { label: 'Restaurants', path: '/restaurants-management', roles: HQ },
  { label: 'Staff Management', path: '/staff-management', roles: ['hq', 'manager'] },
  { label: 'Announcements', path: '/announcements-management', roles: HQ },
  { label: 'Trainings', path: '/trainings', roles: ALL_ROLES },
  { label: 'Quiz Management', path: '/quiz-management', roles: HQ },
  { label: 'My Trainings', path: '/my-trainings', roles: ['manager', 'staff'] },
  { label: 'Training Assignments', path: '/training-assignments', roles: HQ },
  { label: 'Assign Training', path: '/training-assign', roles: MANAGER },
  { label: 'Audits', path: '/audits-management', roles: ['hq', 'manager'] },
  { label: 'Corrective Actions', path: '/actions', roles: ['hq', 'manager'] },
  { label: 'Audit Templates', path: '/audit-templates', roles: HQ },
  { label: 'Audit Schedules', path: '/audit-schedules', roles: HQ },
  { label: 'Checklists', path: '/checklist-templates', roles: ['hq', 'manager'] },
  { label: 'Food Safety Log', path: '/food-safety-log', roles: ['hq', 'manager'] },
  { label: 'Activity Log', path: '/activity-log', roles: ['hq', 'manager'] },
  { label: 'Provisioning', path: '/provisioning', roles: HQ },
  { label: 'Single Sign-On', path: '/single-sign-on', roles: HQ },
  { label: 'API Tokens', path: '/api-tokens', roles: HQ },
  { label: 'Webhooks', path: '/webhooks', roles: HQ },
  { label: 'Sensors', path: '/sensors', roles: HQ },
  { label: 'Sales Report', path: '/reports/sales', roles: MANAGER },
  { label: 'Product Mix Report', path: '/reports/product-mix', roles: MANAGER },
  { label: 'Operations Report', path: '/reports/operations', roles: MANAGER },
  { label: 'Profile', path: '/profile', roles: ALL_ROLES },
] as const satisfies readonly NavEntry[];
export const sidebarEntries: readonly NavEntry[] = sidebarTable;

/** hq's Reports dropdown in the sidebar. */
const hqReportTable = [
  { label: 'HQ Reports', path: '/hq-reports', roles: HQ },
  { label: 'Sales', path: '/reports/hq-sales', roles: HQ },
  { label: '23 & 24 & 25', path: '/reports/23-24-25', roles: HQ },
  { label: 'Product Sales', path: '/reports/hq-product-mix', roles: HQ },
  { label: 'Operations', path: '/reports/hq-operations', roles: HQ },
] as const satisfies readonly NavEntry[];
export const hqReportEntries: readonly NavEntry[] = hqReportTable;

/** The mobile bottom tab bar: managers and staff only, 4 or 3 columns. */
const tabBarTable = [
  { label: 'Dashboard', path: '/dashboard-manager', roles: MANAGER },
  { label: 'Dashboard', path: '/dashboard-staff', roles: ['staff'] },
  { label: 'My Trainings', path: '/my-trainings', roles: ['manager', 'staff'] },
  { label: 'Audits', path: '/audits-management', roles: MANAGER },
  { label: 'Sales Report', path: '/reports/sales', roles: MANAGER },
  { label: 'Profile', path: '/profile', roles: ['staff'] },
] as const satisfies readonly NavEntry[];
export const tabBarEntries: readonly NavEntry[] = tabBarTable;

/**
 * hq's entry for the emails the demo caught (issue 35): in the sidebar, just above
 * Profile, only while the server says it catches them (`npm run demo` without SMTP_URL).
 */
const demoEmailsTable = [
  { label: 'Demo Emails', path: '/demo-emails', roles: HQ },
] as const satisfies readonly NavEntry[];
export const demoEmailsEntries: readonly NavEntry[] = demoEmailsTable;

/** Every label of the sidebar, hq's Reports dropdown, the demo's entry and the tab bar. */
export type NavLabel = (
  | typeof sidebarTable
  | typeof hqReportTable
  | typeof demoEmailsTable
  | typeof tabBarTable
)[number]['label'];

export function entriesFor(entries: readonly NavEntry[], role: Role): NavEntry[] {
  return entries.filter((entry) => entry.roles.includes(role));
}
