/**
 * How Rolldown groups modules into files (issue 18, decision 017).
 *
 * Left to itself, Rolldown made a chunk for each set of lazy chunks sharing a module: Sign
 * In came as 21 files and a dashboard as 85–101, each chunk that draws Mantine components
 * with its own stylesheet. Lighthouse's simulated HTTP/1.1 (6 connections, 150 ms round
 * trip) pays a round trip per file, so the dashboards drew later than with Mantine's whole
 * stylesheet. Two groups:
 *
 * - `index`: every module index.html's entry loads statically (Rolldown's `$initial` tag,
 *   which follows only what the entry uses, not everything a barrel like `@mantine/core`
 *   re-exports). Sign In downloads exactly what it did, in one file and one stylesheet.
 * - `shared`: what two or more lazy chunks share among our shared code (app, components,
 *   lib, @brigade/core) and the libraries, except those only some pages use (Power BI,
 *   @mantine/form, Better Auth), which stay in their own chunks. A signed-in page then
 *   downloads the entry, the signed-in app, `shared` (with its one stylesheet), its page and
 *   a few chunks its feature shares.
 *
 * Dependencies are not pulled in recursively: a shared module that imports a page-only
 * library imports its chunk instead of carrying it into `shared`.
 */
import type { Rolldown } from 'vite';

const SHARED_CODE = /[\\/](?:node_modules|packages[\\/]core|src[\\/](?:app|components|lib))[\\/]/;
const SOME_PAGES_ONLY = /node_modules[\\/](?:powerbi-|@mantine[\\/]form|better-auth)/;

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'index', tags: ['$initial'], includeDependenciesRecursively: false, priority: 2 },
  {
    name: 'shared',
    test: (id) => SHARED_CODE.test(id) && !SOME_PAGES_ONLY.test(id),
    minShareCount: 2,
    includeDependenciesRecursively: false,
    priority: 1,
  },
];
