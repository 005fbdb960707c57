import { dashboardPathFor } from '@brigade/core/roles';
import { type AppRoute, appRoutes, canOpenRoute } from '@brigade/core/routes';
import type { Me } from '@brigade/core/schemas/session';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { AppLayout } from './app/app-layout';
import { LoadingScreen } from './app/loading-screen';
import { RedirectToDashboard } from './app/redirect-to-dashboard';
import { RouteError } from './app/route-error';
import { queryClient } from './lib/query-client';
import { meQueryKey } from './lib/session/get-me';
import type { AppRouteHandle } from './lib/use-app-route';
import { placeholderPage, type RoutePage, routePages } from './route-pages';

/**
 * Whether the signed-in person's role may open a route, read when the router gets there:
 * the router outlives a sign-out, so the next person may have another role.
 */
function mayOpen(appRoute: AppRoute): boolean {
  const me = queryClient.getQueryData<Me | null>(meQueryKey);
  return !me || canOpenRoute(me.role, appRoute);
}

/**
 * The route table decides by role before any data is asked (issue 31): an address the
 * role may not open goes to its dashboard from the loader, and its page's data is never
 * prefetched, so a manager typing /dashboard-hq causes no 403.
 */
function roleGuard(appRoute: AppRoute) {
  return () => {
    if (mayOpen(appRoute)) return null;
    throw redirect(dashboardPathFor(queryClient.getQueryData<Me | null>(meQueryKey)?.role));
  };
}

/** A route's `lazy`: the page's chunk, with its data asked for at the same time when the role may open it. */
function lazyPage(appRoute: AppRoute, { load, prefetchData }: RoutePage) {
  return () => {
    if (mayOpen(appRoute)) void prefetchData?.().catch(() => {});
    return load();
  };
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Drawn while the first address's page code arrives; without it React Router warns on every load.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <RedirectToDashboard /> },
      ...appRoutes.map(
        (appRoute): RouteObject => ({
          path: appRoute.path,
          handle: { appRoute } satisfies AppRouteHandle,
          loader: roleGuard(appRoute),
          lazy: lazyPage(appRoute, routePages[appRoute.path] ?? placeholderPage),
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
