import { dashboardPathFor } from '@brigade/core/roles';
import type { Me } from '@brigade/core/schemas/session';
import type { QueryClient } from '@tanstack/react-query';
import { activateLanguage, languageFor } from '../lib/i18n';
import { meQueryKey } from '../lib/session/get-me';

/** The signed-in app's code (layout, router, what the pages share): its own chunk, never in Sign In's download. */
export const loadSignedInApp = () => import('./signed-in-app');

/**
 * The path → page table, itself a small chunk: with its forty `import()`s (and Vite's list
 * of each one's files) it would add 2 kB to what Sign In downloads before it draws.
 */
const loadRoutePages = () => import('../route-pages');

function ignoreFailure(promise: Promise<unknown>) {
  // A chunk that fails here fails again where it is needed, and is reported there.
  promise.catch(() => {});
}

/**
 * Called at start, while the session check runs: the signed-in app and the page in the
 * address bar start downloading, so they are there (or nearly) when the answer is.
 * At `/` the page is the role's dashboard, which only the answer tells, and the person
 * is more likely signed out (Sign In's address): nothing starts before the answer there,
 * so nothing competes with Sign In's own download.
 */
export function preloadAddressedPage(pathname: string) {
  if (pathname === '/') return;
  ignoreFailure(loadSignedInApp());
  ignoreFailure(
    loadRoutePages().then(({ routePageAt }) => {
      const addressed = routePageAt(pathname);
      if (addressed) ignoreFailure(addressed.page.load());
    }),
  );
}

/**
 * When the session check finds someone (at start, or after Sign In): the app, the page
 * they will see and, on their own dashboard, its data, all at once instead of one after
 * the other. Other pages ask for their data when they render, once the route table has
 * checked the role may open them.
 */
export function preloadWhenSomeoneSignsIn(queryClient: QueryClient): () => void {
  let signedIn = false;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== meQueryKey[0]) return;
    const me = event.query.state.data as Me | null | undefined;
    if (me && !signedIn) preloadForPerson(me, window.location.pathname);
    signedIn = Boolean(me);
  });
}

function preloadForPerson(me: Me, pathname: string) {
  const dashboard = dashboardPathFor(me.role);
  const target = pathname === '/' ? dashboard : pathname;
  ignoreFailure(loadSignedInApp());
  // Their language's catalogues beside the code; drawing waits for them (usePersonLanguage).
  ignoreFailure(activateLanguage(languageFor(me.language), { signedIn: true, remember: me.language !== null }));
  ignoreFailure(
    loadRoutePages().then(({ routePageAt }) => {
      const addressed = routePageAt(target);
      if (!addressed) return;
      ignoreFailure(addressed.page.load());
      if (addressed.path === dashboard && addressed.page.prefetchData) ignoreFailure(addressed.page.prefetchData());
    }),
  );
}
