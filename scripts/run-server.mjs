#!/usr/bin/env node
// `npm start` (`node scripts/run-server.mjs`) and `npm run demo` (`… --demo`): the compiled
// server, apps/server/dist/main.js, in this process (decision 034). The web app and the
// server are built first when missing or older than their sources (build-if-missing.mjs).
import { runOnSupportedNode } from './supported-node.mjs';

// On a Node older than 22.12: one line saying so, then this command again on Node 24 (decision 035).
// Nothing else is imported before this check, so even a Node too old for the rest gets that far.
await runOnSupportedNode();
const { buildIfMissing } = await import('./build-if-missing.mjs');
buildIfMissing();
// main.js reads its flags (--demo) from this process's arguments.
await import(new URL('../apps/server/dist/main.js', import.meta.url).href);
