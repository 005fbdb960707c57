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
const DASHBOARDS = /[\\/]src[\\/]features[\\/]dashboards[\\/]/;
/** The signed-in app (app/preload-signed-in-app.ts) and each role's dashboard page (route-pages.ts). */
const FIRST_SIGNED_IN_SCREEN =
  /[\\/]src[\\/](?:app[\\/]signed-in-app|features[\\/]dashboards[\\/][a-z]+-dashboard-page)\.tsx$/;

/** A page-only library, or a library that only page-only libraries import, however deep. */
function forSomePagesOnly(id: string, ctx: Rolldown.ChunkingContext, seen = new Set<string>()): boolean {
  if (SOME_PAGES_ONLY.test(id)) return true;
  if (!id.includes('node_modules') || seen.has(id)) return false;
  seen.add(id);
  const importers = ctx.getModuleInfo(id)?.importers ?? [];
  return importers.length > 0 && importers.every((importer) => forSomePagesOnly(importer, ctx, seen));
}

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'index', tags: ['$initial'], includeDependenciesRecursively: false, priority: 5 },
  // The path → page table stays a chunk of its own although the router imports it: loaded
  // beside the signed-in app, it starts the page's code and data without waiting for it.
  { name: 'route-pages', test: ROUTE_PAGES, includeDependenciesRecursively: false, priority: 4 },
  { name: 'dashboards', test: DASHBOARDS, includeDependenciesRecursively: false, priority: 3 },
  // The dashboard pages are claimed by `dashboards` above; what they import still comes here.
  { name: 'signed-in', test: FIRST_SIGNED_IN_SCREEN, includeDependenciesRecursively: true, priority: 2 },
  {
    name: (id, ctx) => (forSomePagesOnly(id, ctx) ? null : 'shared'),
    debugName: 'shared',
    test: SHARED_CODE,
    minShareCount: 2,
    includeDependenciesRecursively: false,
    priority: 1,
  },
];
