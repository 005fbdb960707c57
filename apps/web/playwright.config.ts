import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { buildNeeded } from '../../scripts/build-if-missing.mjs';
import { chromiumArgs, chromiumPath } from './e2e/chromium-path';
import { FAKE_OIDC_CLIENT, FAKES_DIR, fakeServicePorts, fakeServicesEnv } from './e2e/fake-services';

/**
 * The compiled server, as `npm start` runs it, when its build is current (`npm test` builds
 * before the end-to-end tests); else the server from its sources, so that a test never
 * runs yesterday's server.
 */
const serverCommand =
  buildNeeded('server') === null
    ? `node ${path.resolve(import.meta.dirname, '../server/dist/main.js')}`
    : `node --import tsx ${path.resolve(import.meta.dirname, '../server/src/main.ts')}`;

/** Each run gets fresh data directories: one with the demo chain, one empty for first run. */
const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-e2e-demo-'));
const emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-e2e-empty-'));

/** E2E_PORT moves both servers, so two runs (say, two checkouts) can share a machine. */
export const DEMO_PORT = Number(process.env.E2E_PORT ?? 4321);
export const EMPTY_PORT = DEMO_PORT + 1;
/** The fake monday.com (http) and fake Azure AD + Power BI (https) the demo server talks to. */
const fakePorts = fakeServicePorts(DEMO_PORT);
export const FAKE_MONDAY_PORT = fakePorts.monday;
export const FAKE_POWERBI_PORT = fakePorts.powerBi;
/** The SMTP sink the demo server sends email to, and its inbox over HTTP for the tests (issue 20). */
export const FAKE_SMTP_PORT = fakePorts.smtp;
export const FAKE_INBOX_PORT = fakePorts.inbox;

const fakes = FAKES_DIR;

/** The demo server reaches the external services through their fakes, by configuration only. */
const integrations = {
  ...fakeServicesEnv(DEMO_PORT),
  // Fresh answers, so a test that breaks the fake board sees it at once.
  MONDAY_CACHE_SECONDS: '0',
  // Webhooks (issue 37): the webhooks spec's receiver listens on 127.0.0.1.
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
};

function server(port: number, dataDir: string, extraArgs: string[], extraEnv: Record<string, string> = {}) {
  return {
    command: `${serverCommand} ${extraArgs.join(' ')}`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      // Every test signs in from 127.0.0.1; the limit itself is proven in the API tests.
      SIGN_IN_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  // Playwright empties its output folder as a run starts: a run on another port keeps its own.
  outputDir: path.resolve(
    import.meta.dirname,
    `../../.test-output/e2e-artifacts${process.env.E2E_PORT ? `-${DEMO_PORT}` : ''}`,
  ),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Two workers, three servers and Chromium share two cores: generous limits, no retries.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.resolve(import.meta.dirname, '../../.test-output/e2e.json'),
      },
    ],
  ],
  use: {
    baseURL: `http://localhost:${DEMO_PORT}`,
    // A failed test keeps its trace with the DOM at every step, and a screenshot of the end.
    // The trace's filmstrip is left out: recording it makes Chromium draw and encode frames
    // for every test, about 8% of the browser's CPU in the axe sweep (it halves the GPU
    // process's), and the suite is bound by CPU on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The service worker (issue 34) would answer pages and code from its precache, and keep
    // what one test loaded for the next page of it: off, except in the specs about working
    // offline, which opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  // The tests tagged @board-errors switch the shared fake monday.com board into its error
  // mode, which any other test reading the board at that moment would see: they run last,
  // once every other test has finished, in a project of their own, one at a time (each
  // puts the board back to normal when it ends). Running one of them alone runs the rest
  // first; `--no-deps` skips that.
  projects: [
    { name: 'chromium', grepInvert: /@board-errors/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'board-errors',
      grep: /@board-errors/,
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      command: `node --import tsx ${path.join(fakes, 'serve-fakes.ts')}`,
      port: FAKE_MONDAY_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        FAKE_MONDAY_PORT: String(FAKE_MONDAY_PORT),
        FAKE_POWERBI_PORT: String(FAKE_POWERBI_PORT),
        FAKE_SMTP_PORT: String(FAKE_SMTP_PORT),
        FAKE_INBOX_PORT: String(FAKE_INBOX_PORT),
        // Single sign-on (issue 36): the fake OpenID Connect provider and the demo server's client there.
        FAKE_OIDC_PORT: String(fakePorts.oidc),
        FAKE_OIDC_CLIENT_ID: FAKE_OIDC_CLIENT.clientId,
        FAKE_OIDC_CLIENT_SECRET: FAKE_OIDC_CLIENT.clientSecret,
        FAKE_OIDC_REDIRECT_URI: `http://localhost:${DEMO_PORT}/api/auth/sso/callback`,
      },
    },
    server(DEMO_PORT, demoDataDir, ['--demo'], integrations),
    server(EMPTY_PORT, emptyDataDir, []),
  ],
});
