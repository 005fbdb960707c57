import type { AppRoute } from '@brigade/core/routes';
import { useMatches } from 'react-router';

/** What the router attaches to each route of the route table. */
export interface AppRouteHandle {
  appRoute: AppRoute;
}

function isAppRouteHandle(handle: unknown): handle is AppRouteHandle {
  return typeof handle === 'object' && handle !== null && 'appRoute' in handle;
}

/** The route-table row of the page being shown (title, roles, restaurant notice), if any. */
export function useAppRoute(): AppRoute | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isAppRouteHandle(handle)) return handle.appRoute;
  }
  return null;
}
