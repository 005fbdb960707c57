import { createHash, createHmac } from 'node:crypto';
import { SENSOR_HEADERS, sensorSigningPayload } from '@brigade/core/schemas/sensors';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  created,
  expect,
  managerRestaurants,
  nameAndLinkViolations,
  seriousViolations,
  signInAs,
  test,
  uniqueTag,
} from './fixtures';

/**
 * Issue 37, temperature sensors from the screen to the corrective action: hq registers a
 * fridge's probe and gets its key once; the test then posts signed readings to the intake
 * exactly as a device (or `npm run sensors:simulate`) does — a door opening shorter than
 * the delay, then a real excursion past it, timestamped in the recent past so no real
 * minutes are waited — and the manager sees the excursion as a corrective action on
 * their dashboard, the charts drawn, and the readings in the food-safety log.
 */

const DRAWN = { timeout: 30_000 };
/** The evaluation job runs as readings arrive and every minute: room for one round on a busy machine. */
const EVALUATED = { timeout: 90_000, intervals: [1_000, 2_000, 5_000] };
const RESTAURANT = managerRestaurants[0] as string;
const MINUTE = 60_000;

/** Posts a batch signed with the device key: hex HMAC-SHA256 of `timestamp.body` keyed with SHA-256(key) (decision 047). */
async function sendReadings(
  request: APIRequestContext,
  device: { id: string; key: string },
  readings: { at: string; value: number }[],
) {
  const body = JSON.stringify({ readings });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signingKey = createHash('sha256').update(device.key).digest();
  const signature = createHmac('sha256', signingKey).update(sensorSigningPayload(timestamp, body)).digest('hex');
  const response = await request.post('/api/sensors/readings', {
    headers: {
      'content-type': 'application/json',
      [SENSOR_HEADERS.device]: device.id,
      [SENSOR_HEADERS.timestamp]: timestamp,
      [SENSOR_HEADERS.signature]: signature,
    },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(202);
  return (await response.json()) as { accepted: number; duplicates: number };
}

/** One reading a minute from `fromMinutesAgo` up to (not including) `toMinutesAgo`, each value from `value(i)`. */
function minutes(now: number, fromMinutesAgo: number, toMinutesAgo: number, value: (minute: number) => number) {
  const readings: { at: string; value: number }[] = [];
  for (let ago = fromMinutesAgo; ago > toMinutesAgo; ago--) {
    readings.push({ at: new Date(now - ago * MINUTE).toISOString(), value: value(ago) });
  }
  return readings;
}

async function registerDevice(page: Page, name: string) {
  await page.getByRole('button', { name: 'Register a device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a device' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Restaurant' }).click();
  await page.getByRole('option', { name: RESTAURANT, exact: true }).click();
  // A fridge's usual limits, 0 °C to 5 °C, are filled in; the delay is 5 minutes, recovery 1.
  await expect(dialog.getByRole('textbox', { name: 'Low limit (°C)' })).toHaveValue('0');
  await expect(dialog.getByRole('textbox', { name: 'High limit (°C)' })).toHaveValue('5');
  await dialog.getByRole('textbox', { name: 'Delay (minutes)' }).fill('5');
  await dialog.getByRole('textbox', { name: 'Recovery (minutes)' }).fill('1');
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();

  const shown = page.getByRole('dialog', { name: 'Copy the device key now' });
  await expect(shown.getByText('This is the only time the key is shown.', { exact: false })).toBeVisible();
  const key = await shown.getByLabel(`Key for ${name}`).inputValue();
  const id = await shown.getByLabel('Device id').inputValue();
  expect(key).toMatch(/^brigade_sensor_/);
  await expect(shown.getByLabel('Send readings to')).toHaveValue(/\/api\/sensors\/readings$/);
  expect(await seriousViolations(page)).toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  return { id, key };
}

test('hq registers a fridge probe; its readings become an excursion, a corrective action on the manager dashboard, charts and log rows', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Walk-in fridge ${uniqueTag()}`;

  await signInAs(page, 'hq');
  await page.getByRole('navigation').getByRole('link', { name: 'Sensors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sensors' })).toBeVisible(DRAWN);
  const device = await registerDevice(page, name);
  const card = page.getByRole('listitem', { name });
  await expect(card.getByText('No readings yet')).toBeVisible();
  await expect(card.getByText('Delay 5 min, recovery 1 min', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem', { name })).toBeVisible(DRAWN);
  expect(await page.content()).not.toContain(device.key);
  expect(await seriousViolations(page)).toEqual([]);

  // The device sends 40 minutes of history: in range, a door opened for 2 minutes (under the
  // 5-minute delay: nothing is raised), in range again, then 20 minutes too warm (past the delay).
  const now = Date.now();
  const history = [
    ...minutes(now, 40, 32, () => 3.5),
    ...minutes(now, 32, 30, () => 8.2),
    ...minutes(now, 30, 20, () => 3.8),
  ];
  const warm = minutes(now, 20, 0, (ago) => (ago <= 5 ? 9.6 : 8.8));
  expect(await sendReadings(page.request, device, history)).toEqual({ accepted: history.length, duplicates: 0 });
  expect(await sendReadings(page.request, device, warm)).toEqual({ accepted: warm.length, duplicates: 0 });
  // A resend of the same readings stores nothing twice.
  expect(await sendReadings(page.request, device, warm.slice(-3))).toEqual({ accepted: 0, duplicates: 3 });

  // One excursion, from the warm spell's first reading: the door opening raised nothing.
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/sensors/excursions?deviceId=${device.id}`);
      const { items } = (await response.json()) as { items: { startedAt: string; state: string; action: unknown }[] };
      return items.map((item) => ({ startedAt: item.startedAt, state: item.state, hasAction: item.action !== null }));
    }, EVALUATED)
    .toEqual([{ startedAt: warm[0]?.at, state: 'live', hasAction: true }]);
  await page.reload();
  await expect(page.getByRole('listitem', { name }).getByText('Excursion live')).toBeVisible(DRAWN);

  // The restaurant's manager: the dashboard names the excursion and links to its corrective action.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInAs(manager, 'manager', '/dashboard-manager');
  const live = manager.getByRole('region', { name: 'Live excursions' });
  const line = live.getByRole('listitem').filter({ hasText: name });
  await expect(line).toContainText(`${name} (${RESTAURANT}): above 5 °C since`, DRAWN);
  await expect(line).toContainText('peak 9.6 °C');
  expect(await seriousViolations(manager)).toEqual([]);

  // The excursion's own page: its curve of readings with the limits, and its corrective action.
  await line.getByRole('link', { name: `Readings of ${name} (${RESTAURANT})` }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Temperature Excursion' })).toBeVisible(DRAWN);
  await expect(manager.getByText('Still live', { exact: false })).toBeVisible();
  const curve = manager.getByRole('img', {
    name: `${name}: 20 readings between 8.8 °C and 9.6 °C during the excursion.`,
  });
  await expect(curve.locator('.recharts-line-curve').first()).toBeVisible(DRAWN);
  expect(await seriousViolations(manager)).toEqual([]);
  await manager.goBack();
  await line.getByRole('link', { name: `Corrective action for ${name} (${RESTAURANT})` }).click();
  await expect(manager.getByRole('heading', { level: 1, name: new RegExp(`^${name}: above 5 °C since`) })).toBeVisible(
    DRAWN,
  );
  // The action leads to the excursion's readings, not to an audit.
  await expect(manager.getByRole('link', { name: 'Readings during the excursion' })).toBeVisible();

  // The corrective action is counted where open actions are, and listed on the Actions screen.
  await manager.goto('/actions?status=open');
  await expect(manager.getByText(new RegExp(`^${name}: above 5 °C since`)).first()).toBeVisible(DRAWN);

  // The restaurant's Temperatures: the device's chart drawn with its figures in words, and as a table.
  await manager.goto('/dashboard-manager');
  await manager
    .getByRole('link', { name: `Charts of ${RESTAURANT}` })
    .first()
    .click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Temperatures' })).toBeVisible(DRAWN);
  const chart = manager.getByRole('region', { name });
  await expect(chart.getByText('Excursion live')).toBeVisible(DRAWN);
  const drawing = chart.getByRole('img', {
    name: new RegExp(`^${name}, last 24 hours: 40 readings between 3.5 °C and 9.6 °C`),
  });
  await expect(drawing).toBeVisible(DRAWN);
  await expect(drawing.locator('.recharts-line-curve').first()).toBeVisible(DRAWN);
  await expect(drawing.getByText('High 5 °C')).toBeVisible();
  await chart.getByText('Table', { exact: true }).click();
  await expect(chart.getByRole('table', { name: `${name}, last 24 hours by hour` })).toBeVisible();
  await chart.getByText('7 days', { exact: true }).click();
  await expect(chart.getByRole('table', { name: `${name}, last 7 days by day` })).toBeVisible(DRAWN);
  expect(await seriousViolations(manager)).toEqual([]);
  expect(await nameAndLinkViolations(manager)).toEqual([]);

  // The food-safety log: the device's readings beside the manual checks, with the excursion's action.
  await manager.goto('/food-safety-log');
  const sensors = manager.getByRole('region', { name: 'Temperature sensors' });
  const row = sensors.getByRole('listitem', { name });
  await expect(row.getByText('Sensor, limits 0 °C to 5 °C')).toBeVisible(DRAWN);
  await expect(row.getByRole('table', { name: `Readings of ${name}` })).toBeVisible();
  await expect(row.getByText(/^Above 5 °C since .*, peak 9\.6 °C \(live\)$/)).toBeVisible();
  await expect(row.getByRole('link', { name: 'Corrective action (open)' })).toBeVisible();
  expect(await seriousViolations(manager)).toEqual([]);
  await managerContext.close();

  // hq changes the limits: the card says so.
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Edit limits of ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('textbox', { name: 'High limit (°C)' }).fill('6');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('listitem', { name }).getByText('Limits 0 °C – 6 °C', { exact: false })).toBeVisible();

  // hq gives the device a new key after a confirmation: the old key is refused.
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `New key for ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'New key' }).getByRole('button', { name: 'Issue new key' }).click();
  const renewed = page.getByRole('dialog', { name: 'Copy the device key now' });
  const newKey = await renewed.getByLabel(`Key for ${name}`).inputValue();
  expect(newKey).not.toBe(device.key);
  await renewed.getByRole('button', { name: 'Done' }).click();
  const stale = await page.request.post('/api/sensors/readings', {
    headers: {
      'content-type': 'application/json',
      [SENSOR_HEADERS.device]: device.id,
      [SENSOR_HEADERS.timestamp]: String(Math.floor(Date.now() / 1000)),
      [SENSOR_HEADERS.signature]: createHmac('sha256', createHash('sha256').update(device.key).digest())
        .update('x')
        .digest('hex'),
    },
    data: JSON.stringify({ readings: [{ at: new Date().toISOString(), value: 4 }] }),
  });
  expect(stale.status()).toBe(401);
  expect(
    await sendReadings(page.request, { id: device.id, key: newKey }, [{ at: new Date().toISOString(), value: 4.2 }]),
  ).toEqual({
    accepted: 1,
    duplicates: 0,
  });

  // Removing asks first, then the device leaves the list.
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Remove ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Remove device' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('listitem', { name })).toHaveCount(0);
});

test('on a phone the Sensors, Temperatures and excursion screens fit and have no serious accessibility violation', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'hq', '/sensors');
  const options = (await (await page.request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const restaurant = options.find((option) => option.name === managerRestaurants[1]);
  const name = `Freezer ${uniqueTag()}`;
  const device = await created<{ id: string; key: string }>(
    await page.request.post('/api/sensors/devices', {
      data: {
        name,
        restaurantId: restaurant?.id,
        kind: 'freezer',
        lowC: -30,
        highC: -18,
        delayMinutes: 2,
        recoveryMinutes: 1,
      },
    }),
  );
  const now = Date.now();
  await sendReadings(page.request, device, [...minutes(now, 30, 10, () => -20), ...minutes(now, 10, 0, () => -12)]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sensors' })).toBeVisible(DRAWN);
  await expect(page.getByRole('listitem', { name })).toBeVisible(DRAWN);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/sensors/${restaurant?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Temperatures' })).toBeVisible(DRAWN);
  const chart = page.getByRole('region', { name });
  await expect(chart.getByRole('img', { name: new RegExp(`^${name}, last 24 hours: 30 readings`) })).toBeVisible(DRAWN);
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Too warm for 10 minutes, past its 2-minute delay: the excursion's page, on the phone.
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/sensors/excursions?deviceId=${device.id}`);
      return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
    }, EVALUATED)
    .toHaveLength(1);
  await page.reload();
  await page
    .getByRole('region', { name: 'Live excursions' })
    .getByRole('link', { name: `Readings of ${name}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Temperature Excursion' })).toBeVisible(DRAWN);
  await expect(page.getByRole('img', { name: new RegExp(`^${name}: 10 readings`) })).toBeVisible(DRAWN);
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect((await page.request.delete(`/api/sensors/devices/${device.id}`)).status()).toBe(204);
});

test('staff cannot open Sensors, and the sensor API refuses them', async ({ page }) => {
  await signInAs(page, 'staff');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Sensors' })).toHaveCount(0);
  await page.goto('/sensors');
  await expect(page).toHaveURL('/dashboard-staff');
  expect((await page.request.get('/api/sensors/devices')).status()).toBe(403);
});

test('a manager has no Sensors entry and cannot register a device', async ({ page }) => {
  await signInAs(page, 'manager');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Sensors' })).toHaveCount(0);
  await page.goto('/sensors');
  await expect(page).toHaveURL('/dashboard-manager');
  const refused = await page.request.post('/api/sensors/devices', {
    data: { name: 'Sneaky', restaurantId: '00000000-0000-4000-8000-000000000000', kind: 'fridge', lowC: 0, highC: 5 },
  });
  expect(refused.status()).toBe(403);
});
