#!/usr/bin/env node
// Compiles the server (and the parts of packages/core it uses) to plain JavaScript in
// apps/server/dist (decision 034): `npm run build:server`, part of `npm run build`.
//
//   dist/main.js          the server (`node apps/server/dist/main.js [--demo]`)
//   dist/photo-worker.mjs the photo pool's worker thread
//   dist/backup-cli.js    `npm run backup`
//   dist/restore-cli.js   `npm run restore`
//   dist/verify-log-cli.js `npm run verify-log` (the activity log's hash chain)
//   dist/migrations/, dist/photos/, dist/videos/  files the code finds beside itself
//
// One bundle per entry point, with the server's npm dependencies left as imports: they are
// resolved from node_modules at run time, so `npm ci --omit=dev` is all a host needs.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const serverDir = import.meta.dirname;
const sourceDir = path.join(serverDir, 'src');

/** What the code reads through `import.meta.dirname`, copied to where the bundle looks for it. */
const ASSETS = [
  // db/client.ts: path.join(import.meta.dirname, 'migrations')
  { from: 'db/migrations', to: 'migrations' },
  // demo/demo-photos.ts, demo/demo-checklists.ts: 'photos'; demo/load-demo.ts: 'videos'
  { from: 'demo/photos', to: 'photos' },
  { from: 'demo/videos', to: 'videos' },
];
// web.ts's '../../web/dist' holds from apps/server/dist as from apps/server/src; pdf-fonts.ts
// finds the fonts in node_modules (createRequire), and process-photo.ts its worker beside
// itself ('./photo-worker.mjs').

/** The packages a bundle may import at run time: the server's dependencies and Node's own modules. */
function allowedImports() {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  return new Set([...Object.keys(manifest.dependencies), ...builtinModules]);
}

function packageName(specifier) {
  const name = specifier.replace(/^node:/, '');
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Builds `entryPoints` ({ outName: source file }) into `outdir` with the assets beside
 * them. Fails when a bundle would import a package that `npm ci --omit=dev` does not
 * install for the server (a dev dependency such as tsx, or a package only packages/core or
 * the web app lists), so that the compiled server never needs more than production installs.
 */
export async function buildServer({ entryPoints = serverEntryPoints(), outdir = path.join(serverDir, 'dist') } = {}) {
  const allowed = allowedImports();
  // Built beside, then swapped in: a server running from outdir keeps finding its files
  // (the demo loader and the photo worker are read after start; an unchanged source
  // builds to the same file names). Beside means in a .scratch folder, which git ignores
  // should a build be interrupted.
  const scratch = path.join(path.dirname(outdir), '.scratch');
  fs.mkdirSync(scratch, { recursive: true });
  const staging = path.join(scratch, `${path.basename(outdir)}-building-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints,
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node package.json's engines accept.
    target: 'node22.12',
    // Only @brigade/core (a workspace of TypeScript sources) is bundled; every npm package
    // stays an import (sharp, pg and PGlite carry native or WebAssembly parts, and a bundled
    // copy of fastify or better-auth would only be a larger, harder to read file).
    plugins: [externalPackages()],
    // Chunks shared by the entries (and the demo loader, imported on demand) sit beside
    // them, so `import.meta.dirname` is dist/ wherever the code ends up.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    // Stack traces and logs keep the source's function and class names.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  const strays = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !allowed.has(packageName(imported.path))) strays.add(imported.path);
    }
  }
  if (strays.size > 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `The compiled server would import ${[...strays].join(', ')}, which the server's package.json does not list ` +
        'as a dependency (npm ci --omit=dev would not install it): add it to apps/server/package.json dependencies.',
    );
  }
  for (const asset of ASSETS) {
    fs.cpSync(path.join(sourceDir, asset.from), path.join(staging, asset.to), {
      recursive: true,
      // Not the scripts that made the demo's photos.
      filter: (file) => !/\.(mjs|ts)$/.test(file),
    });
  }
  // The worker entry keeps the name process-photo.ts asks for ('./photo-worker.mjs'; in the
  // sources that file loads the TypeScript worker through tsx).
  if (fs.existsSync(path.join(staging, 'photo-worker.js'))) {
    fs.renameSync(path.join(staging, 'photo-worker.js'), path.join(staging, 'photo-worker.mjs'));
  }
  const previous = path.join(scratch, `${path.basename(outdir)}-previous-${process.pid}`);
  if (fs.existsSync(outdir)) fs.renameSync(outdir, previous);
  fs.renameSync(staging, outdir);
  fs.rmSync(previous, { recursive: true, force: true });
  try {
    fs.rmdirSync(scratch);
  } catch {
    // Not empty: another build's (or someone's) files.
  }
  return result;
}

export function serverEntryPoints() {
  return {
    main: path.join(sourceDir, 'main.ts'),
    'photo-worker': path.join(sourceDir, 'modules/photos/photo-worker.ts'),
    'backup-cli': path.join(sourceDir, 'ops/backup-cli.ts'),
    'restore-cli': path.join(sourceDir, 'ops/restore-cli.ts'),
    'verify-log-cli': path.join(sourceDir, 'ops/verify-log-cli.ts'),
  };
}

/** Leaves every bare import except @brigade/core's to Node's resolution at run time. */
function externalPackages() {
  return {
    name: 'external-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@brigade/core/')) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  // --outdir: elsewhere than apps/server/dist (the compiled-server test builds its own copy).
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const outdir = path.resolve(values.outdir ?? path.join(serverDir, 'dist'));
  const started = performance.now();
  await buildServer({ outdir });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built the server into ${path.relative(process.cwd(), outdir) || '.'} in ${seconds} s.`);
}
