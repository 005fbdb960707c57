// Run in the image after `npm ci --omit=dev --workspace @brigade/server` (Dockerfile,
// runtime stage; decision 037): removes every installed package that the server's
// dependencies do not reach.
//
// `--omit=dev` keeps more than the server runs. npm marks `devOptional` a package that only
// dev dependencies and optional edges reach (here mostly better-auth's optional peers that
// the dev tools satisfy: vitest, vite, drizzle-kit, jsdom, esbuild, ...) and installs it,
// with the platform binaries those bring (rolldown, esbuild, lightningcss); and
// `--omit=optional` would also drop sharp's prebuilt libvips. So this walks the lockfile
// from apps/server's dependencies as Node resolves them (a package's own node_modules,
// then each parent's), following dependencies, optional dependencies that are installed
// and peers that are not optional, and deletes the rest. The compiled server imports
// only the server's own dependencies (apps/server/build.mjs refuses anything else).
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const packages = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
const start = process.argv[2] ?? 'apps/server';

/** Where Node finds `name` from a package at `from`: the nearest node_modules/name in the lockfile. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate] && fs.existsSync(path.join(root, candidate))) return candidate;
    if (!dir) return undefined;
    // node_modules/a/node_modules/b → node_modules/a; node_modules/a or apps/server → the root.
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}

const reached = new Set();
const queue = [start];
while (queue.length > 0) {
  const location = queue.pop();
  if (reached.has(location)) continue;
  reached.add(location);
  const entry = packages[location] ?? {};
  if (entry.link && entry.resolved) {
    queue.push(entry.resolved);
    continue;
  }
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const names = [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
  ];
  for (const name of names) {
    const found = resolve(location, name);
    if (found) queue.push(found);
  }
}

let removed = 0;
let bytes = 0;
// Outermost first: removing node_modules/a also removes node_modules/a/node_modules/b.
const locations = Object.keys(packages)
  .filter((location) => location.includes('node_modules/') && !reached.has(location))
  .sort((a, b) => a.length - b.length);
for (const location of locations) {
  const dir = path.join(root, location);
  if (!fs.existsSync(dir) || fs.lstatSync(dir).isSymbolicLink()) continue;
  bytes += sizeOf(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  removed += 1;
}

// Command links (node_modules/.bin, each workspace's) whose package is gone.
for (const binDir of [path.join(root, 'node_modules/.bin'), path.join(root, start, 'node_modules/.bin')]) {
  if (!fs.existsSync(binDir)) continue;
  for (const name of fs.readdirSync(binDir)) {
    if (!fs.existsSync(path.join(binDir, name))) fs.rmSync(path.join(binDir, name), { force: true });
  }
}

console.log(
  `Kept the ${reached.size - 1} packages ${start} reaches; removed ${removed} others (${(bytes / 1024 / 1024).toFixed(0)} MB).`,
);

function sizeOf(target) {
  const stat = fs.lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const name of fs.readdirSync(target)) total += sizeOf(path.join(target, name));
  return total;
}
