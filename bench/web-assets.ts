/**
 * How much JavaScript and CSS a browser downloads before a screen can draw, read off the
 * real build in apps/web/dist.
 *
 * Method: Vite's manifest (dist/.vite/manifest.json, on in apps/web/vite.config.ts) lists
 * each chunk's static imports and CSS. The browser fetches a chunk's whole static-import
 * closure before running it (Vite also preloads that closure for every dynamic import), so
 * a screen downloads the closure of index.html's entry plus the closures of the lazy chunks
 * on its way. Which lazy chunks those are is read from the source that imports them:
 * app/preload-signed-in-app.ts loads the signed-in shell, route-pages.ts maps each path to
 * its page (main.tsx starts both while the session check runs; neither is in the entry's
 * closure, which is what Sign In waits for). Sign In also waits for its language's
 * `public` catalogues (lib/i18n.ts, decision 027): the web's (`locales/<language>/public.po`)
 * and core's (`locales/<language>-public.ts`; English's is in the entry), so it is measured
 * once per language. This is
 * deterministic, unlike recording a browser's responses, and needs no running server.
 * Sizes are gzip level 9 of each file, what a server compressing its responses sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@brigade/core/languages';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface Download {
  /** Files under dist, entry first. */
  files: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /**
   * Of jsGzipBytes, the language's catalogues (the screen's texts rather than its code):
   * Sign In's `public`, a signed-in screen's `app` (26–28 kB since decision 027).
   */
  textsGzipBytes: number;
  /** The three largest files by gzipped size, to say what to split when a target is missed. */
  largest: { file: string; gzipBytes: number }[];
}

export interface ScreenDownload extends Download {
  screen: string;
  path: string;
}

/** The source modules, relative to apps/web, that the signed-in screens load lazily. */
const SHELL_SOURCE = 'src/app/preload-signed-in-app.ts';
const ROUTER_SOURCE = 'src/route-pages.ts';

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite/manifest.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The JS and CSS index.html makes the browser fetch up front: entry script, modulepreloads, stylesheets. */
export function filesNamedInIndexHtml(distDir: string): string[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const url = /\b(?:src|href)="\/([^"]+\.(?:js|css))"/.exec(tag)?.[1];
    return url ? [url] : [];
  });
}

/** The chunk's file, its CSS, and the same for everything it imports statically. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Vite's manifest has no entry ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The manifest's key of the entry. With Rolldown's chunk groups (apps/web/chunk-groups.ts)
 * the entry module lands in the `index` group's chunk, which the manifest lists without
 * `isEntry`: then it is the chunk of the module script index.html loads.
 */
function entryKey(manifest: Manifest, distDir: string): string {
  const flagged = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (flagged.length > 1) throw new Error(`expected one entry in Vite's manifest, found ${flagged.length}`);
  if (flagged[0]) return flagged[0];
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)].map((match) => match[1]);
  const keys = Object.keys(manifest).filter((key) => scripts.includes(manifest[key]?.file ?? ''));
  // index.html also loads what the entry imports (Rolldown's runtime): the entry is the one none of them imports.
  const roots = keys.filter((key) => !keys.some((other) => manifest[other]?.imports?.includes(key)));
  const [root] = roots;
  if (roots.length !== 1 || !root)
    throw new Error(`expected one module script in index.html, found ${roots.join(', ')}`);
  return root;
}

/** A relative import specifier in a source file, as the manifest key of the module it names. */
function manifestKeyOf(manifest: Manifest, fromSource: string, specifier: string): string {
  const base = path.posix.join(path.posix.dirname(fromSource), specifier);
  const key = ['.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((ext) => base + ext)
    .find((candidate) => manifest[candidate]);
  if (!key) throw new Error(`${specifier} (imported by ${fromSource}) is not a chunk in Vite's manifest`);
  return key;
}

function readSource(webDir: string, source: string): string {
  return fs.readFileSync(path.join(webDir, source), 'utf8');
}

/** The module `loadSignedInApp` imports (the shell): what every signed-in screen loads besides its page. */
function shellKeys(manifest: Manifest, webDir: string): string[] {
  const code = readSource(webDir, SHELL_SOURCE);
  const specifier = /\bloadSignedInApp\s*=\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/.exec(code)?.[1];
  if (!specifier) throw new Error(`${SHELL_SOURCE} no longer lazy-loads the signed-in app (loadSignedInApp)`);
  return [manifestKeyOf(manifest, SHELL_SOURCE, specifier)];
}

/**
 * The modules route-pages.ts imports for a path: its page, and what the entry composes with
 * it (`'/dashboard-manager': page(() => Promise.all([import('./features/...'), import(...)]), ...)`)
 * and the data loader beside it, all downloaded before the page draws. An entry is the text
 * from `'<path>': page(` to the next entry of the table (two spaces in).
 */
function pageKeys(manifest: Manifest, webDir: string, routePath: string): string[] {
  const code = readSource(webDir, ROUTER_SOURCE);
  const escaped = routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = new RegExp(`\\n  '${escaped}':\\s*page\\(`).exec(code);
  if (!start) throw new Error(`${ROUTER_SOURCE} has no page for ${routePath}`);
  const rest = code.slice(start.index + start[0].length);
  const entry = rest.slice(0, rest.search(/\n {2}(?:'|\.\.\.|\})/));
  const specifiers = [...entry.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((match) => match[1] ?? '');
  if (specifiers.length === 0) throw new Error(`${ROUTER_SOURCE} has no page import for ${routePath}`);
  return specifiers.map((specifier) => manifestKeyOf(manifest, ROUTER_SOURCE, specifier));
}

function gzipSize(distDir: string, file: string): number {
  return gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

function weigh(distDir: string, files: Set<string>, texts: Set<string>): Download {
  const sized = [...files].map((file) => ({ file, gzipBytes: gzipSize(distDir, file) }));
  const total = (suffix: string, only: (file: string) => boolean = () => true) =>
    sized.filter(({ file }) => file.endsWith(suffix) && only(file)).reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
  return {
    files: [...files],
    jsGzipBytes: total('.js'),
    cssGzipBytes: total('.css'),
    textsGzipBytes: total('.js', (file) => texts.has(file)),
    largest: [...sized].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 3),
  };
}

/**
 * The entry's closure, checked against index.html: the two must name the same files, or
 * the manifest no longer describes what the browser fetches and every figure would be wrong.
 */
function entryClosure(manifest: Manifest, distDir: string): Set<string> {
  const closure = staticClosure(manifest, entryKey(manifest, distDir));
  const inHtml = new Set(filesNamedInIndexHtml(distDir));
  const differ = [...closure].filter((file) => !inHtml.has(file)).concat([...inHtml].filter((f) => !closure.has(f)));
  if (differ.length > 0) throw new Error(`index.html and Vite's manifest disagree on ${differ.join(', ')}`);
  return closure;
}

/**
 * The chunks of a language's `public` catalogues, which main.tsx awaits before Sign In
 * draws: the web's always, core's for every language but English (whose public texts are
 * the entry's own). A missing one means the names changed and the figure would be short.
 */
function publicCatalogueKeys(manifest: Manifest, language: Language): string[] {
  const web = `src/locales/${language}/public.po`;
  const core = `../../packages/core/src/locales/${language}-public.ts`;
  if (!manifest[web]) throw new Error(`Vite's manifest has no ${web}: see lib/i18n.ts's loaders`);
  if (language === DEFAULT_LANGUAGE) return manifest[core] ? [web, core] : [web];
  if (!manifest[core]) throw new Error(`Vite's manifest has no ${core}: see core's catalogue-part-loaders.ts`);
  return [web, core];
}

/**
 * The chunks of a language's `app` catalogues, which the signed-in app waits for before
 * its first screen draws (AppGate): the web's and core's, English's included.
 */
function appCatalogueKeys(manifest: Manifest, language: Language): string[] {
  const keys = [`src/locales/${language}/app.po`, `../../packages/core/src/locales/${language}-app.ts`];
  const missing = keys.filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`Vite's manifest has no ${missing.join(', ')}: see lib/i18n.ts's loaders`);
  return keys;
}

/**
 * Sign In in each language, then each given signed-in path in English (shell, page and
 * the English app catalogues), from the build in distDir.
 */
export function measureDownloads(webDir: string, distDir: string, signedInPaths: readonly string[]): ScreenDownload[] {
  const manifest = readManifest(distDir);
  const entry = entryClosure(manifest, distDir);
  /** The code's files, then the catalogues' with what only they import: the texts. */
  const withTexts = (code: Set<string>, catalogues: string[]) => {
    const files = new Set(code);
    for (const key of catalogues) staticClosure(manifest, key, files);
    return weigh(distDir, files, new Set([...files].filter((file) => !code.has(file))));
  };
  const signIn = (language: Language) => withTexts(new Set(entry), publicCatalogueKeys(manifest, language));
  const signedIn = (routePath: string) => {
    const code = new Set(entry);
    for (const key of shellKeys(manifest, webDir)) staticClosure(manifest, key, code);
    for (const key of pageKeys(manifest, webDir, routePath)) staticClosure(manifest, key, code);
    return withTexts(code, appCatalogueKeys(manifest, DEFAULT_LANGUAGE));
  };
  return [
    ...LANGUAGES.map((language) => ({
      screen: `Sign In (${language})`,
      path: '/',
      ...signIn(language),
    })),
    ...signedInPaths.map((routePath) => ({
      screen: routePath,
      path: routePath,
      ...signedIn(routePath),
    })),
  ];
}

export interface PrecacheSize {
  files: number;
  bytes: number;
  gzipBytes: number;
  /** The largest files by gzipped size. */
  largest: { file: string; gzipBytes: number }[];
}

/**
 * What the service worker downloads once when it installs (issue 34): the files of the
 * precache list vite-plugin-pwa wrote into dist/sw.js (`{"revision":…,"url":"…"}`), each
 * weighed as gzip -9 like the screens above.
 */
export function measurePrecache(distDir: string): PrecacheSize {
  const worker = fs.readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g)].map((match) => match[1] ?? '');
  if (urls.length === 0) throw new Error('dist/sw.js lists no files to precache: see apps/web/pwa.ts');
  const sized = urls.map((file) => ({
    file,
    bytes: fs.statSync(path.join(distDir, file)).size,
    gzipBytes: gzipSize(distDir, file),
  }));
  return {
    files: sized.length,
    bytes: sized.reduce((sum, { bytes }) => sum + bytes, 0),
    gzipBytes: sized.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
    largest: [...sized]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 3)
      .map(({ file, gzipBytes }) => ({ file, gzipBytes })),
  };
}
