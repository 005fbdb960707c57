#!/usr/bin/env node
// `npm start` and `npm run demo` serve the built web app: build it once when absent.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('No web build found: building it first (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
