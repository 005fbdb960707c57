#!/usr/bin/env node
// `npm test`: every check a contributor needs, in order, with one closing line of counts.
// Steps run even after a failure (so one run shows everything), except that the
// end-to-end tests need a successful build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { runOnSupportedNode } from './supported-node.mjs';

// On a Node older than 22.12 the whole run goes on a Node 24 installed from the npm registry.
await runOnSupportedNode();

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const results = [];

function run(name, command, args, { env = {}, report } = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = child.status === 0;
  const counts = report ? readCounts(report) : undefined;
  results.push({ name, ok, seconds: (Date.now() - started) / 1000, counts });
  return ok;
}

/**
 * A step that runs beside others. Vitest gives a run one worker on this 2-core machine
 * (cores − 1), so two API legs side by side use both cores. Each step's output goes to
 * its own file and is printed when it ends, so the logs never interleave.
 */
function runBeside(name, command, args, { env = {}, report } = {}) {
  const started = Date.now();
  const result = { name, ok: false, seconds: 0 };
  results.push(result);
  const logFile = path.join(out, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const log = fs.openSync(logFile, 'w');
  const causes = report?.kind === 'vitest' ? { BRIGADE_CAUSES_FILE: `${report.file}.causes` } : {};
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...causes, ...env },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(log);
      console.log(`\n▶ ${name}`);
      process.stdout.write(fs.readFileSync(logFile));
      Object.assign(result, {
        ok: code === 0,
        seconds: (Date.now() - started) / 1000,
        counts: report ? readCounts(report) : undefined,
      });
      resolve(result.ok);
    });
  });
}

function readCounts(report) {
  try {
    const json = JSON.parse(fs.readFileSync(report.file, 'utf8'));
    return report.kind === 'vitest'
      ? {
          passed: json.numPassedTests,
          failed: json.numFailedTests,
          skipped: json.numPendingTests + json.numTodoTests,
          failures: vitestFailures(json, report.file),
        }
      : {
          passed: json.stats.expected + json.stats.flaky,
          failed: json.stats.unexpected,
          skipped: json.stats.skipped,
          failures: playwrightFailures(json.suites ?? []),
        };
  } catch {
    return undefined;
  }
}

/** The first line of a failure, so the closing summary says what failed even when only its tail is kept. */
const firstLine = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

/** What `vitest-causes-reporter.mjs` wrote beside a report: each failed test's error causes. */
function causesBeside(reportFile) {
  try {
    return fs
      .readFileSync(`${reportFile}.causes`, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

function vitestFailures(json, reportFile) {
  const causes = causesBeside(reportFile);
  return json.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const cause = causes.find((entry) => entry.file === file.name && entry.title === test.title)?.causes ?? [];
        const because = cause.length ? ` (caused by: ${cause.join('; ').slice(0, 300)})` : '';
        return `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}${because}`;
      });
    // A file that failed outside any test (an import error, a hook) has no failed test to name.
    return tests.length || file.status !== 'failed' ? tests : [`${where}: ${firstLine(file.message)}`];
  });
}

function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(test.results.at(-1)?.error?.message)}`),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/**
 * The PostgreSQL server for the API suite's second leg: TEST_DATABASE_URL when set,
 * else the one that answers locally (postgres@127.0.0.1:5432, as on the CI machine).
 * Each test file creates and drops a database of its own there.
 */
async function findPostgres() {
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = process.env.TEST_DATABASE_URL || local;
  const where = new URL(url).host;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { url, where };
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return {
      why: process.env.TEST_DATABASE_URL
        ? `TEST_DATABASE_URL (${where}) did not answer: ${reason}`
        : `no PostgreSQL answered at ${where} (${reason}); start one there, or set TEST_DATABASE_URL=postgres://user@host:5432/postgres to a server where the tests may create databases`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

const vitest = (project, file) => [
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(out, file)}`,
  // Each failed test's error causes, beside the JSON report (which drops them).
  '--reporter=./scripts/vitest-causes-reporter.mjs',
];

/**
 * The API suite runs twice, side by side (each leg has one worker, and this machine two
 * cores): on embedded PGlite with this Node, and on PostgreSQL with the other Node that
 * .ci/run installs (Brigade supports Node 22 and 24; CI runs this on 24, the other on 22),
 * so both drivers and both runtimes are covered in two legs instead of three. Without a
 * PostgreSQL server the other Node runs the PGlite leg again; without another Node, this
 * one runs both.
 */
const otherNode = process.env.BRIGADE_OTHER_NODE;
const otherVersion = otherNode
  ? spawnSync(otherNode, ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'unknown'
  : undefined;
function apiLeg(name, file, { node, env }) {
  const args = vitest('server', file);
  const [command, commandArgs] = node
    ? [node, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args.slice(1)]]
    : ['npx', args];
  return () =>
    runBeside(`${name}${node ? `, Node ${otherVersion}` : ''}`, command, commandArgs, {
      env,
      report: { kind: 'vitest', file: path.join(out, file) },
    });
}
const apiLegs = [];
const postgres = await findPostgres();
if (postgres.url) {
  apiLegs.push(
    apiLeg(`API tests on PostgreSQL (${postgres.where})`, 'api-postgres.json', {
      node: otherNode,
      env: { BRIGADE_TEST_DRIVER: 'postgres', TEST_DATABASE_URL: postgres.url },
    }),
  );
} else {
  console.log(`\n▷ API tests on PostgreSQL: skipped, ${postgres.why}`);
  // A server named in TEST_DATABASE_URL that does not answer fails the run; none found locally is a skip.
  const named = Boolean(process.env.TEST_DATABASE_URL);
  results.push({ name: `API tests on PostgreSQL: NOT RUN (${postgres.why})`, ok: !named, seconds: 0, notRun: !named });
  if (otherNode) {
    apiLegs.push(
      apiLeg('API tests on PGlite', 'api-pglite-other-node.json', {
        node: otherNode,
        env: { BRIGADE_TEST_DRIVER: 'pglite' },
      }),
    );
  }
}
apiLegs.push(apiLeg('API tests on PGlite', 'api-pglite.json', { env: { BRIGADE_TEST_DRIVER: 'pglite' } }));
if (!otherNode) {
  results.push({
    name: 'API tests on another Node version: NOT RUN (set BRIGADE_OTHER_NODE to a node binary, e.g. Node 22 as .ci/run installs it: node scripts/supported-node.mjs install 22)',
    ok: true,
    seconds: 0,
    notRun: true,
  });
}

/**
 * Two lanes side by side, each keeping about one core busy (tsc, eslint and a one-worker
 * Vitest are single-threaded): the static checks, then the first API leg (the longer one,
 * PostgreSQL's, as the checks take ~30 s); and the unit and component tests and the build,
 * then the other leg (the component tests take ~2 minutes). Neither leg waits for the
 * other lane: nothing in them reads apps/web/dist or apps/server/dist (the compiled-server
 * test builds a copy of its own). The end-to-end tests need both cores, after both lanes.
 */
const [firstLeg, secondLeg] = apiLegs;
const [, built] = await Promise.all([
  (async () => {
    await runBeside('lint and format (biome)', 'npx', ['biome', 'ci', '.']);
    await runBeside('literal strings on the web (eslint)', 'npx', ['eslint', 'apps/web/src']);
    await runBeside('import graph (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:imports']);
    await runBeside('copies in the web app (jscpd)', 'npm', ['run', '--silent', 'lint:copies']);
    await runBeside('typecheck (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json']);
    await firstLeg?.();
  })(),
  (async () => {
    await runBeside('unit tests (packages/core)', 'npx', vitest('core', 'unit.json'), {
      report: { kind: 'vitest', file: path.join(out, 'unit.json') },
    });
    await runBeside('component tests (apps/web)', 'npx', vitest('web', 'components.json'), {
      report: { kind: 'vitest', file: path.join(out, 'components.json') },
    });
    const ok = await runBeside('production build (Vite, esbuild)', 'npm', ['run', 'build']);
    await secondLeg?.();
    return ok;
  })(),
]);
if (built) {
  const report = path.join(out, 'e2e.json');
  run('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    report: { kind: 'playwright', file: report },
  });
} else {
  results.push({ name: 'end-to-end tests (skipped: the build failed)', ok: false, seconds: 0 });
}

console.log('\nSummary');
let passed = 0;
let failed = 0;
for (const result of results) {
  const counts = result.counts
    ? ` — ${result.counts.passed} passed, ${result.counts.failed} failed${result.counts.skipped ? `, ${result.counts.skipped} skipped` : ''}`
    : '';
  if (result.notRun) {
    console.log(`  skip ${result.name}`);
    continue;
  }
  console.log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(1)} s)${counts}`);
  passed += result.counts?.passed ?? 0;
  failed += result.counts?.failed ?? 0;
  if (!result.ok && !result.counts?.failed) failed += 1; // a failed step without test counts
}
const failures = results.flatMap((result) => result.counts?.failures ?? []);
if (failures.length) {
  console.log('\nFailed');
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
