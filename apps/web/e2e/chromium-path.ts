import fs from 'node:fs';

/** Debian's Chromium: CHROMIUM_PATH when set. */
export const fullChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH when set, else Debian's
 * headless shell (package chromium-headless-shell, which .ci/run installs), else Debian's
 * Chromium. The shell is the same Blink without the browser's window layer, what
 * Playwright itself runs headless tests on: the same specs took ~20% less time in it
 * (dashboards and routes, 24 tests: 60 s against 75–78 s). It has no Notification API,
 * so the Web Push spec drives the full browser (`fullChromiumPath`).
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : fullChromiumPath);

/** As root, without a GPU, and quiet on a machine whose network is closed (no background connections). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
