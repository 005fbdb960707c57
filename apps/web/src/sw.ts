/// <reference lib="webworker" />
/**
 * Brigade's service worker (issue 34, decision 033), built by vite-plugin-pwa (apps/web/pwa.ts).
 *
 * - Precaches the build (the list is written into `self.__WB_MANIFEST` at build time), so the
 *   app opens with no network: every navigation outside /api/ is answered with the cached
 *   index.html, and the client-side router takes it from there.
 * - Never answers /api/ from a cache: what a person has seen is kept by the page itself
 *   (TanStack Query's persister, lib/query-persister.ts), changes by the outbox.
 * - A new version installs beside the running one and waits: it takes over only when the
 *   person chooses "Reload" (app/update-prompt.tsx posts SKIP_WAITING).
 * - Push (sw/push-events.ts) and the outbox's Background Sync (sw/outbox-sync.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import './sw/push-events';
import './sw/outbox-sync';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
// The previous Workbox versions' caches, once this version is in charge.
cleanupOutdatedCaches();

// Addresses of pages, typed or opened from the home screen: the app's one page. The API
// (and its Swagger UI at /api/docs) and the server's own files (a photo, a PDF) are the network's.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(?:\/|$)/] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first version installed takes charge of the open pages at once (nothing older to
// mix with); a later one only after skipWaiting above.
clientsClaim();
