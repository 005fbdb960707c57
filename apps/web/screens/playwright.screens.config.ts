import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, fullChromiumPath } from '../e2e/chromium-path';
import { FAKES_DIR, fakeServicePorts, fakeServicesEnv } from '../e2e/fake-services';

/**
 * Screenshots of every page of every role at 1280 and 390 px, to compare two builds of
 * the web app by pixel diff (issue 32). Not part of `npm run test:e2e`: that reads
 * ../playwright.config.ts, whose testDir is ./e2e. See README.md here.
 *
 *   E2E_PORT=6300 WEB_ROOT=/tmp/web-before SCREENS_DIR=/tmp/shots-before \
 *     npx playwright test -c apps/web/screens/playwright.screens.config.ts
 */

const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(root, 'apps/server/src/main.ts');
const fakes = FAKES_DIR;
const shiftClock = path.join(import.meta.dirname, 'shift-clock.mjs');
const seedRandom = path.join(import.meta.dirname, 'seed-random.mjs');

/** Where the pictures go; the spec refuses to run without it. */
export const SCREENS_DIR = process.env.SCREENS_DIR ? path.resolve(process.env.SCREENS_DIR) : '';
/** The build to photograph: a `vite build --outDir` folder (default: apps/web/dist). */
const WEB_ROOT = path.resolve(process.env.WEB_ROOT ?? path.join(root, 'apps/web/dist'));
/**
 * The server's (and fakes') clock starts here, and the browser's stands still six hours
 * later, so two runs days apart show the same dates. In the future on purpose: the
 * browser keeps cookies by the machine's real clock, and a session that expires a week
 * after a past instant would already be gone.
 */
export const SERVER_CLOCK = process.env.SCREENS_CLOCK ?? '2027-01-05T08:00:00.000Z';
export const BROWSER_CLOCK = new Date(Date.parse(SERVER_CLOCK) + 6 * 3_600_000);

const DEMO_PORT = Number(process.env.E2E_PORT ?? 6300);
const fakePorts = fakeServicePorts(DEMO_PORT);
const FAKE_MONDAY_PORT = fakePorts.monday;
const FAKE_POWERBI_PORT = fakePorts.powerBi;
const FAKE_SMTP_PORT = fakePorts.smtp;
const FAKE_INBOX_PORT = fakePorts.inbox;

const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-screens-demo-'));

/** As in ../playwright.config.ts: the demo server reaches fakes of Power BI, monday.com and SMTP. */
const integrations = fakeServicesEnv(DEMO_PORT);

export default defineConfig({
  testDir: '.',
  testMatch: 'capture.spec.ts',
  outputDir: path.join(root, `.test-output/screens-artifacts-${DEMO_PORT}`),
  // One role after another: what one role opens must not race what another photographs.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A role is one test: ~35 pages × 2 widths on a shared two-core machine.
  timeout: 2_400_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${DEMO_PORT}`,
    trace: 'off',
    screenshot: 'off',
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    deviceScaleFactor: 1,
    launchOptions: {
      executablePath: fullChromiumPath,
      args: [
        ...chromiumArgs,
        // Same text rendering on every run.
        '--font-render-hinting=none',
        '--disable-lcd-text',
        '--hide-scrollbars',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined, deviceScaleFactor: 1 } }],
  webServer: [
    {
      command: `node --import ${shiftClock} --import tsx ${path.join(fakes, 'serve-fakes.ts')}`,
      port: FAKE_MONDAY_PORT,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        SCREENS_CLOCK: SERVER_CLOCK,
        FAKE_MONDAY_PORT: String(FAKE_MONDAY_PORT),
        FAKE_POWERBI_PORT: String(FAKE_POWERBI_PORT),
        FAKE_SMTP_PORT: String(FAKE_SMTP_PORT),
        FAKE_INBOX_PORT: String(FAKE_INBOX_PORT),
      },
    },
    {
      command: `node --import ${shiftClock} --import ${seedRandom} --import tsx ${serverEntry} --demo`,
      url: `http://localhost:${DEMO_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 400_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        SCREENS_CLOCK: SERVER_CLOCK,
        // The demo chain's ids, the same in every run (seed-random.mjs).
        SCREENS_SEED: process.env.SCREENS_SEED ?? 'brigade-screens',
        PORT: String(DEMO_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: demoDataDir,
        PUBLIC_URL: `http://localhost:${DEMO_PORT}`,
        WEB_ROOT,
        SIGN_IN_RATE_LIMIT: '10000',
        LOG_LEVEL: 'warn',
        ...integrations,
      },
    },
  ],
});
