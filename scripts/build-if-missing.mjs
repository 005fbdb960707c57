#!/usr/bin/env node
// `npm start` and `npm run demo` (scripts/run-server.mjs) run the compiled server and serve
// the built web app: each is built first when it is missing, or older than its sources (a
// `git pull` would otherwise start yesterday's server, without today's migrations).
//
//   node scripts/build-if-missing.mjs [web] [server]   (both without arguments)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Each build: the file that says it is there, and the sources it is made from. */
export const BUILDS = {
  web: {
    script: 'build:web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'packages/core/src',
      'apps/web/index.html',
      // The build's settings and what vite.config.ts reads.
      'apps/web/vite.config.ts',
      'apps/web/chunk-groups.ts',
      'apps/web/mantine-component-styles.ts',
      'apps/web/pwa.ts',
      'apps/web/lingui.config.ts',
      'apps/web/postcss.config.cjs',
      'apps/web/package.json',
    ],
  },
  server: {
    script: 'build:server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/core/src'],
  },
};

/** The newest modification time (ms) of the files under `entry`, tests left out; 0 when absent. */
function newestChange(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name !== 'node_modules') newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

/** Why `part` must be built ('missing', 'older than its sources'), or null when its build is current. */
export function buildNeeded(part) {
  const build = BUILDS[part];
  let built;
  try {
    built = fs.statSync(path.join(root, build.output)).mtimeMs;
  } catch {
    return 'missing';
  }
  const sources = Math.max(...build.sources.map((source) => newestChange(path.join(root, source))));
  return sources > built ? 'older than its sources' : null;
}

/** Builds each of `parts` that buildNeeded says must be; exits the process if a build fails. */
export function buildIfMissing(parts = Object.keys(BUILDS)) {
  for (const part of parts) {
    const reason = buildNeeded(part);
    if (!reason) continue;
    const { script, output } = BUILDS[part];
    console.log(`The ${part} build (${output}) is ${reason}: building it first (npm run ${script})...`);
    const build = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
    if (build.status === 0) continue;
    if (reason !== 'missing') {
      // `npm ci --omit=dev` has no build tools: run the build there is, and say so.
      console.warn(`Could not rebuild the ${part}: running the existing build in ${path.dirname(output)}.`);
      continue;
    }
    console.error(
      `No ${part} build and it could not be built: run npm ci (with dev dependencies), then npm run build.`,
    );
    process.exit(build.status ?? 1);
  }
}

if (process.argv[1] === import.meta.filename) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((part) => !(part in BUILDS));
  if (unknown.length > 0) {
    console.error(`Usage: node scripts/build-if-missing.mjs [${Object.keys(BUILDS).join('] [')}]`);
    process.exit(2);
  }
  buildIfMissing(asked.length > 0 ? asked : undefined);
}
