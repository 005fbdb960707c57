import { appRoutes } from '@brigade/core/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './app/app-layout';
import { RedirectToDashboard } from './app/redirect-to-dashboard';
import { RouteError } from './app/route-error';
import type { AppRouteHandle } from './lib/use-app-route';
import { placeholderPage, type RoutePage, routePages } from './route-pages';

/** A route's `lazy`: the page's chunk, with its data asked for at the same time when it can be. */
function lazyPage({ load, prefetchData }: RoutePage) {
  return () => {
    void prefetchData?.().catch(() => {});
    return load();
  };
}

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
          lazy: lazyPage(routePages[appRoute.path] ?? placeholderPage),
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
