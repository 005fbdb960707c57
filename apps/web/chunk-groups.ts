/**
 * How Rolldown groups modules into files (issue 18, decision 017; issue 22's dashboards).
 *
 * Left to itself, Rolldown made a chunk for each set of lazy chunks sharing a module: Sign
 * In came as 21 files and a dashboard as 85–101, each chunk that draws Mantine components
 * with its own stylesheet. Lighthouse's simulated HTTP/1.1 (6 connections, 150 ms round
 * trip) pays a round trip per file, so the dashboards drew later than with Mantine's whole
 * stylesheet. Hence groups; the one with the highest priority claims a module first:
 *
 * - `index`: every module index.html's entry loads statically (Rolldown's `$initial` tag,
 *   which follows only what the entry uses, not everything a barrel like `@mantine/core`
 *   re-exports). Sign In downloads exactly what it did, in one file and one stylesheet.
 * - `route-pages`: the path → page table, small, on its own (see below).
 * - `dashboards`: the three dashboards' own code (about 10 kB), one file.
 * - `signed-in`: the signed-in app (layout, router, notifications) and the dashboards'
 *   pages with everything they use (`includeDependenciesRecursively`, which like `$initial`
 *   follows what is used, not a barrel's every re-export). Every sign-in lands on a
 *   dashboard, loaded beside the app (app/preload-signed-in-app.ts): this is what that
 *   first screen needs, decided by its imports rather than a list here.
 * - `shared`: what two or more other lazy chunks share among our shared code (app,
 *   components, lib, @brigade/core) and the libraries, except those only some pages use
 *   (Power BI, @mantine/form, Better Auth) and what only they import (Power BI's
 *   lodash.isequal, @mantine/form's klona): those stay in their own chunks. The pages'
 *   forms and lists (number inputs, pagination, nuqs's parsers, photos, sortable headers)
 *   are here, and the dashboards, which use none of it, do not download it.
 *
 * When `shared` also held the signed-in app's libraries, every dashboard downloaded the
 * forms and lists issues 21 and 22 had added: 313–319 kB before it drew, 270 kB now.
 *
 * In `shared`, dependencies are not pulled in recursively: a shared module that imports
 * a page-only library imports its chunk instead of carrying it into `shared`.
 */
import type { Rolldown } from 'vite';

const SHARED_CODE = /[\\/](?:node_modules|packages[\\/]core|src[\\/](?:app|components|lib))[\\/]/;
const SOME_PAGES_ONLY = /node_modules[\\/](?:powerbi-|@mantine[\\/]form|better-auth)/;
const ROUTE_PAGES = /[\\/]src[\\/]route-pages\.ts$/;
/** The dashboards' code but the pinned card, which acknowledges through the outbox (OUTBOX). */
const DASHBOARDS = /[\\/]src[\\/]features[\\/]dashboards[\\/](?!pinned-announcement-card\.tsx$)/;
/**
 * The outbox (Dexie, 30 kB gzip) and what works through it in the signed-in app's own
 * code: the layout, Sign Out and the dashboards' pinned cards import it when they need it,
 * after the first page has drawn (decision 053); the pages that change things offline
 * (checklists, audits, actions) import this chunk as they load.
 */
const OUTBOX =
  /[\\/](?:node_modules[\\/]dexie(?:-react-hooks)?[\\/]|src[\\/](?:lib[\\/]offline[\\/](?:outbox|use-outbox)\.ts$|components[\\/]outbox[\\/]|lib[\\/]api[\\/](?:send-through-outbox|acknowledge-announcement)\.ts$))/;
/**
 * The signed-in app (app/preload-signed-in-app.ts), each role's dashboard page and what
 * route-pages.ts composes into one (the manager's sensors panel, issue 37).
 */
const FIRST_SIGNED_IN_SCREEN =
  /[\\/]src[\\/](?:app[\\/]signed-in-app|features[\\/](?:dashboards[\\/][a-z]+-dashboard-page|sensors[\\/]sensors-dashboard-panel))\.tsx$/;
/** Sign In's single sign-on buttons and their providers' request (issue 36), loaded as Sign In draws. */
const SSO_SIGN_IN = /[\\/]src[\\/]features[\\/]sso[\\/](?:sso-sign-in-buttons\.tsx|api[\\/]get-sso-providers\.ts)$/;
/** Core's English catalogue of the signed-in app, which every signed-in screen in English waits for. */
const ENGLISH_APP_TEXTS = /[\\/]packages[\\/]core[\\/]src[\\/]locales[\\/]en-app\.ts$/;

/** A page-only library, or a library that only page-only libraries import, however deep. */
function forSomePagesOnly(id: string, ctx: Rolldown.ChunkingContext, seen = new Set<string>()): boolean {
  if (SOME_PAGES_ONLY.test(id)) return true;
  if (!id.includes('node_modules') || seen.has(id)) return false;
  seen.add(id);
  const importers = ctx.getModuleInfo(id)?.importers ?? [];
  return importers.length > 0 && importers.every((importer) => forSomePagesOnly(importer, ctx, seen));
}

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'index', tags: ['$initial'], includeDependenciesRecursively: false, priority: 8 },
  // The path → page table stays a chunk of its own although the router imports it: loaded
  // beside the signed-in app, it starts the page's code and data without waiting for it.
  { name: 'route-pages', test: ROUTE_PAGES, includeDependenciesRecursively: false, priority: 7 },
  { name: 'dashboards', test: DASHBOARDS, includeDependenciesRecursively: false, priority: 6 },
  { name: 'outbox', test: OUTBOX, includeDependenciesRecursively: false, priority: 5 },
  // The dashboard pages are claimed by `dashboards` above; what they import still comes here.
  { name: 'signed-in', test: FIRST_SIGNED_IN_SCREEN, includeDependenciesRecursively: true, priority: 4 },
  // Its English texts name messages of modules other pages share (webhooks', sensors'
  // schemas): in `shared`, English dashboards waited for all of `shared` and @mantine/form.
  { name: 'english-app-texts', test: ENGLISH_APP_TEXTS, includeDependenciesRecursively: true, priority: 3 },
  // With what only they and other lazy chunks use (an icon hq's SSO screen draws too), so
  // this chunk needs nothing but Sign In's own: in `shared`, Sign In fetched all of it.
  { name: 'sso-sign-in', test: SSO_SIGN_IN, includeDependenciesRecursively: true, priority: 2 },
  {
    name: (id, ctx) => (forSomePagesOnly(id, ctx) ? null : 'shared'),
    debugName: 'shared',
    test: SHARED_CODE,
    minShareCount: 2,
    includeDependenciesRecursively: false,
    priority: 1,
  },
];
