import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const serverEntry = path.resolve(import.meta.dirname, '../server/src/main.ts');

/** Each run gets fresh data directories: one with the demo chain, one empty for first run. */
const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-e2e-demo-'));
const emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-e2e-empty-'));

/** E2E_PORT moves both servers, so two runs (say, two checkouts) can share a machine. */
export const DEMO_PORT = Number(process.env.E2E_PORT ?? 4321);
export const EMPTY_PORT = DEMO_PORT + 1;

function server(port: number, dataDir: string, extraArgs: string[]) {
  return {
    command: `node --import tsx ${serverEntry} ${extraArgs.join(' ')}`,
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
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: path.resolve(import.meta.dirname, '../../.test-output/e2e-artifacts'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [server(DEMO_PORT, demoDataDir, ['--demo']), server(EMPTY_PORT, emptyDataDir, [])],
});
