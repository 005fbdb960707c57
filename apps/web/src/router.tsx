import { appRoutes } from '@brigade/core/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './app/app-layout';
import { RedirectToDashboard } from './app/redirect-to-dashboard';
import { RouteError } from './app/route-error';
import { queryClient } from './lib/query-client';
import type { AppRouteHandle } from './lib/use-app-route';

type PageLoader = () => Promise<{ Component: ComponentType }>;

/**
 * A page whose data is fetched while its code downloads, instead of after: the request
 * starts with the chunk, and the page finds it in the query cache.
 */
function withData(page: PageLoader, prefetch: () => Promise<unknown>): PageLoader {
  return () => {
    void prefetch().catch(() => {});
    return page();
  };
}

const placeholderPage: PageLoader = () =>
  import('./features/placeholder/placeholder-page').then((module) => ({ Component: module.PlaceholderPage }));

/**
 * The page drawn at each path of the route table, each its own chunk. Paths not listed
 * show the placeholder until their issue replaces it with one line here.
 */
const pages: Partial<Record<string, PageLoader>> = {
  '/profile': () => import('./features/profile/profile-page').then((module) => ({ Component: module.ProfilePage })),
  '/restaurants-management': () =>
    import('./features/restaurants/restaurants-page').then((module) => ({ Component: module.RestaurantsPage })),
  '/staff-management': () =>
    import('./features/users/staff-management-page').then((module) => ({ Component: module.StaffManagementPage })),
  '/audit-templates': () =>
    import('./features/audit-templates/audit-templates-page').then((module) => ({
      Component: module.AuditTemplatesPage,
    })),
  '/audit-templates/add': () =>
    import('./features/audit-templates/add-template-page').then((module) => ({ Component: module.AddTemplatePage })),
  '/audit-templates/:id/edit': () =>
    import('./features/audit-templates/edit-template-page').then((module) => ({ Component: module.EditTemplatePage })),
  '/audits-management': () =>
    import('./features/audits/audits-page').then((module) => ({ Component: module.AuditsPage })),
  '/audits/create': () =>
    import('./features/audits/create-audit-page').then((module) => ({ Component: module.CreateAuditPage })),
  '/audits/:id': () => import('./features/audits/audit-page').then((module) => ({ Component: module.AuditPage })),
  '/trainings': () =>
    import('./features/trainings/trainings-page').then((module) => ({ Component: module.TrainingsPage })),
  '/trainings/add': () =>
    import('./features/trainings/add-training-page').then((module) => ({ Component: module.AddTrainingPage })),
  '/trainings/:id': () =>
    import('./features/trainings/training-page').then((module) => ({ Component: module.TrainingPage })),
  '/trainings/:id/edit': () =>
    import('./features/trainings/edit-training-page').then((module) => ({ Component: module.EditTrainingPage })),
  '/trainings/:id/take-quiz': () =>
    import('./features/quizzes/take-quiz-page').then((module) => ({ Component: module.TakeQuizPage })),
  '/quiz-management': () =>
    import('./features/quizzes/quizzes-page').then((module) => ({ Component: module.QuizzesPage })),
  '/quiz-management/add': () =>
    import('./features/quizzes/add-quiz-page').then((module) => ({ Component: module.AddQuizPage })),
  '/quiz-management/:id/edit': () =>
    import('./features/quizzes/edit-quiz-page').then((module) => ({ Component: module.EditQuizPage })),
  '/dashboard-hq': withData(
    () => import('./features/dashboards/hq-dashboard-page').then((module) => ({ Component: module.HqDashboardPage })),
    () =>
      import('./features/dashboards/api/get-hq-dashboard').then((module) =>
        queryClient.prefetchQuery(module.hqDashboardQuery),
      ),
  ),
  '/dashboard-manager': () =>
    import('./features/dashboards/manager-dashboard-page').then((module) => ({
      Component: module.ManagerDashboardPage,
    })),
  '/dashboard-staff': withData(
    () =>
      import('./features/dashboards/staff-dashboard-page').then((module) => ({
        Component: module.StaffDashboardPage,
      })),
    () =>
      import('./features/dashboards/api/get-staff-dashboard').then((module) =>
        queryClient.prefetchQuery(module.staffDashboardQuery),
      ),
  ),
  '/announcements-management': () =>
    import('./features/announcements/announcements-page').then((module) => ({ Component: module.AnnouncementsPage })),
  '/my-trainings': () =>
    import('./features/assignments/my-trainings-page').then((module) => ({ Component: module.MyTrainingsPage })),
  '/training-assignments': () =>
    import('./features/assignments/training-assignments-page').then((module) => ({
      Component: module.TrainingAssignmentsPage,
    })),
  '/training-assign': () =>
    import('./features/assignments/training-assign-page').then((module) => ({ Component: module.TrainingAssignPage })),
  '/manager-bulk-training-assign': () =>
    import('./features/assignments/bulk-assign-page').then((module) => ({ Component: module.BulkAssignPage })),
  '/store-performance': () =>
    import('./features/store-performance/store-performance-page').then((module) => ({
      Component: module.StorePerformancePage,
    })),
  '/hq-reports': () =>
    import('./features/reports/hq-reports-page').then((module) => ({ Component: module.HqReportsPage })),
  ...Object.fromEntries(
    ['/reports/hq-sales', '/reports/hq-product-mix', '/reports/hq-operations', '/reports/23-24-25'].map((path) => [
      path,
      () => import('./features/reports/hq-report-page').then((module) => ({ Component: module.HqReportPage })),
    ]),
  ),
  ...Object.fromEntries(
    ['/reports/sales', '/reports/product-mix', '/reports/operations'].map((path) => [
      path,
      () =>
        import('./features/reports/manager-report-page').then((module) => ({ Component: module.ManagerReportPage })),
    ]),
  ),
};

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <RedirectToDashboard /> },
      ...appRoutes.map(
        (appRoute): RouteObject => ({
          path: appRoute.path,
          handle: { appRoute } satisfies AppRouteHandle,
          lazy: pages[appRoute.path] ?? placeholderPage,
          errorElement: <RouteError />,
        }),
      ),
      { path: '*', element: <RedirectToDashboard /> },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * One router for the life of the page. It is created at the first sign-in and kept
 * through sign-outs (the signed-in app unmounts, the router does not). While nobody is
 * signed in, Sign In and Sign Out rewrite the address bar without it, so each time the
 * signed-in app mounts the router first adopts the current address.
 */
export function getAppRouter() {
  if (!router) {
    router = createBrowserRouter(routes);
    return router;
  }
  const { pathname, search, hash } = window.location;
  const current = router.state.location;
  if (current.pathname !== pathname || current.search !== search || current.hash !== hash) {
    void router.navigate(`${pathname}${search}${hash}`, { replace: true });
  }
  return router;
}
