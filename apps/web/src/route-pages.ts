import { type ComponentType, createElement } from 'react';
import { queryClient } from './lib/query-client';

type PageLoader = () => Promise<{ Component: ComponentType }>;

export interface RoutePage {
  /** The page's own chunk. */
  load: PageLoader;
  /**
   * Starts the request for the page's data, for pages that know it before they render
   * (the dashboards): the answer then arrives while the code downloads, not after.
   */
  prefetchData?: () => Promise<unknown>;
}

function page(load: PageLoader, prefetchData?: () => Promise<unknown>): RoutePage {
  return { load, prefetchData };
}

/**
 * The page drawn at each path of the route table, each its own chunk. Paths not listed
 * show the placeholder until their issue replaces it with one line here. This table is
 * in the first download (main.tsx starts the page in the address bar while the session
 * check runs), so it holds nothing but `import()`s.
 */
export const routePages: Partial<Record<string, RoutePage>> = {
  // Profile with its passkeys section (issue 36): two features, composed here.
  '/profile': page(() =>
    Promise.all([import('./features/profile/profile-page'), import('./features/passkeys/passkeys-section')]).then(
      ([profile, passkeys]) => ({
        Component: () => createElement(profile.ProfilePage, { passkeys: createElement(passkeys.PasskeysSection) }),
      }),
    ),
  ),
  '/notifications': page(() =>
    import('./features/notifications/notifications-page').then((module) => ({ Component: module.NotificationsPage })),
  ),
  '/demo-emails': page(() =>
    import('./features/demo-emails/demo-emails-page').then((module) => ({ Component: module.DemoEmailsPage })),
  ),
  '/restaurants-management': page(() =>
    import('./features/restaurants/restaurants-page').then((module) => ({ Component: module.RestaurantsPage })),
  ),
  '/staff-management': page(() =>
    import('./features/users/staff-management-page').then((module) => ({ Component: module.StaffManagementPage })),
  ),
  '/audit-templates': page(() =>
    import('./features/audit-templates/audit-templates-page').then((module) => ({
      Component: module.AuditTemplatesPage,
    })),
  ),
  '/audit-templates/add': page(() =>
    import('./features/audit-templates/add-template-page').then((module) => ({ Component: module.AddTemplatePage })),
  ),
  '/audit-templates/:id/edit': page(() =>
    import('./features/audit-templates/edit-template-page').then((module) => ({ Component: module.EditTemplatePage })),
  ),
  '/today': page(() =>
    import('./features/checklists/today/today-page').then((module) => ({ Component: module.TodayPage })),
  ),
  '/checklists/:id': page(() =>
    import('./features/checklists/record/checklist-run-page').then((module) => ({
      Component: module.ChecklistRunPage,
    })),
  ),
  '/audit-schedules': page(() =>
    import('./features/audit-schedules/audit-schedules-page').then((module) => ({
      Component: module.AuditSchedulesPage,
    })),
  ),
  '/checklist-templates': page(() =>
    import('./features/checklists/templates/checklist-templates-page').then((module) => ({
      Component: module.ChecklistTemplatesPage,
    })),
  ),
  '/checklist-templates/add': page(() =>
    import('./features/checklists/templates/add-checklist-page').then((module) => ({
      Component: module.AddChecklistPage,
    })),
  ),
  '/checklist-templates/:id/edit': page(() =>
    import('./features/checklists/templates/edit-checklist-page').then((module) => ({
      Component: module.EditChecklistPage,
    })),
  ),
  '/audits-management': page(() =>
    import('./features/audits/audits-page').then((module) => ({ Component: module.AuditsPage })),
  ),
  '/audits/create': page(() =>
    import('./features/audits/create-audit-page').then((module) => ({ Component: module.CreateAuditPage })),
  ),
  '/audits/:id': page(() => import('./features/audits/audit-page').then((module) => ({ Component: module.AuditPage }))),
  '/audits/:id/report': page(() =>
    import('./features/audit-report/audit-report-page').then((module) => ({ Component: module.AuditReportPage })),
  ),
  '/actions': page(() =>
    import('./features/actions/actions-page').then((module) => ({ Component: module.ActionsPage })),
  ),
  '/actions/:id': page(() =>
    import('./features/actions/action-page').then((module) => ({ Component: module.ActionPage })),
  ),
  '/single-sign-on': page(() =>
    import('./features/sso/identity-providers-page').then((module) => ({ Component: module.IdentityProvidersPage })),
  ),
  '/activity-log': page(() =>
    import('./features/activity-log/activity-log-page').then((module) => ({ Component: module.ActivityLogPage })),
  ),
  '/provisioning': page(() =>
    import('./features/scim/provisioning-page').then((module) => ({ Component: module.ProvisioningPage })),
  ),
  '/webhooks': page(() =>
    import('./features/webhooks/webhooks-page').then((module) => ({ Component: module.WebhooksPage })),
  ),
  '/api-tokens': page(() =>
    import('./features/api-tokens/api-tokens-page').then((module) => ({ Component: module.ApiTokensPage })),
  ),
  '/sensors': page(() =>
    import('./features/sensors/sensors-page').then((module) => ({ Component: module.SensorsPage })),
  ),
  '/sensors/:restaurantId': page(() =>
    import('./features/sensors/restaurant-sensors-page').then((module) => ({
      Component: module.RestaurantSensorsPage,
    })),
  ),
  '/sensors/excursions/:id': page(() =>
    import('./features/sensors/excursion-page').then((module) => ({ Component: module.ExcursionPage })),
  ),
  '/food-safety-log': page(() =>
    import('./features/food-safety-log/food-safety-log-page').then((module) => ({
      Component: module.FoodSafetyLogPage,
    })),
  ),
  '/trainings': page(() =>
    import('./features/trainings/trainings-page').then((module) => ({ Component: module.TrainingsPage })),
  ),
  '/trainings/add': page(() =>
    import('./features/trainings/add-training-page').then((module) => ({ Component: module.AddTrainingPage })),
  ),
  '/trainings/:id': page(() =>
    import('./features/trainings/training-page').then((module) => ({ Component: module.TrainingPage })),
  ),
  '/trainings/:id/edit': page(() =>
    import('./features/trainings/edit-training-page').then((module) => ({ Component: module.EditTrainingPage })),
  ),
  '/trainings/:id/take-quiz': page(() =>
    import('./features/quizzes/take-quiz-page').then((module) => ({ Component: module.TakeQuizPage })),
  ),
  '/quiz-management': page(() =>
    import('./features/quizzes/quizzes-page').then((module) => ({ Component: module.QuizzesPage })),
  ),
  '/quiz-management/add': page(() =>
    import('./features/quizzes/add-quiz-page').then((module) => ({ Component: module.AddQuizPage })),
  ),
  '/quiz-management/:id/edit': page(() =>
    import('./features/quizzes/edit-quiz-page').then((module) => ({ Component: module.EditQuizPage })),
  ),
  '/dashboard-hq': page(
    () => import('./features/dashboards/hq-dashboard-page').then((module) => ({ Component: module.HqDashboardPage })),
    () =>
      import('./features/dashboards/api/get-hq-dashboard').then((module) =>
        queryClient.prefetchQuery(module.hqDashboardQuery),
      ),
  ),
  // The manager dashboard with the sensors' panel (issue 37): two features, composed here.
  '/dashboard-manager': page(
    () =>
      Promise.all([
        import('./features/dashboards/manager-dashboard-page'),
        import('./features/sensors/sensors-dashboard-panel'),
      ]).then(([dashboard, sensors]) => ({
        Component: () =>
          createElement(dashboard.ManagerDashboardPage, { sensors: createElement(sensors.SensorsDashboardPanel) }),
      })),
    () =>
      import('./features/dashboards/api/get-manager-dashboard').then((module) =>
        module.prefetchManagerDashboard(queryClient),
      ),
  ),
  '/dashboard-staff': page(
    () =>
      import('./features/dashboards/staff-dashboard-page').then((module) => ({
        Component: module.StaffDashboardPage,
      })),
    () =>
      import('./features/dashboards/api/get-staff-dashboard').then((module) =>
        queryClient.prefetchQuery(module.staffDashboardQuery),
      ),
  ),
  '/announcements-management': page(() =>
    import('./features/announcements/announcements-page').then((module) => ({ Component: module.AnnouncementsPage })),
  ),
  '/announcements/:id': page(() =>
    import('./features/announcements/announcement-page').then((module) => ({ Component: module.AnnouncementPage })),
  ),
  '/my-trainings': page(() =>
    import('./features/assignments/my-trainings-page').then((module) => ({ Component: module.MyTrainingsPage })),
  ),
  '/training-assignments': page(() =>
    import('./features/assignments/training-assignments-page').then((module) => ({
      Component: module.TrainingAssignmentsPage,
    })),
  ),
  '/training-assign': page(() =>
    import('./features/assignments/training-assign-page').then((module) => ({ Component: module.TrainingAssignPage })),
  ),
  '/manager-bulk-training-assign': page(() =>
    import('./features/assignments/bulk-assign-page').then((module) => ({ Component: module.BulkAssignPage })),
  ),
  '/store-performance': page(() =>
    import('./features/store-performance/store-performance-page').then((module) => ({
      Component: module.StorePerformancePage,
    })),
  ),
  '/hq-reports': page(() =>
    import('./features/reports/hq-reports-page').then((module) => ({ Component: module.HqReportsPage })),
  ),
  ...Object.fromEntries(
    ['/reports/hq-sales', '/reports/hq-product-mix', '/reports/hq-operations', '/reports/23-24-25'].map((path) => [
      path,
      page(() => import('./features/reports/hq-report-page').then((module) => ({ Component: module.HqReportPage }))),
    ]),
  ),
  ...Object.fromEntries(
    ['/reports/sales', '/reports/product-mix', '/reports/operations'].map((path) => [
      path,
      page(() =>
        import('./features/reports/manager-report-page').then((module) => ({ Component: module.ManagerReportPage })),
      ),
    ]),
  ),
};

export const placeholderPage = page(() =>
  import('./features/placeholder/placeholder-page').then((module) => ({ Component: module.PlaceholderPage })),
);

/**
 * Whether an address is one of a route's (`/audits/7` is `/audits/:id`'s). Not React
 * Router's matchPath: importing it here would put all of React Router in the first
 * download; the route table's paths are only literal segments and `:params`.
 */
function matchesRoute(path: string, pathname: string): boolean {
  const expected = path.split('/');
  const actual = pathname.replace(/(.)\/+$/, '$1').split('/');
  return (
    expected.length === actual.length &&
    expected.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]))
  );
}

/** The page drawn at an address, if it has one of its own; a literal path wins over a `:param` (`/trainings/add`). */
export function routePageAt(pathname: string): { path: string; page: RoutePage } | undefined {
  const literal = routePages[pathname];
  if (literal) return { path: pathname, page: literal };
  for (const [path, routePage] of Object.entries(routePages)) {
    if (routePage && matchesRoute(path, pathname)) return { path, page: routePage };
  }
  return undefined;
}
