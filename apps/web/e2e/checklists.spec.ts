import { clockTime, localMinutes } from '@brigade/core/restaurant-time';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { created, expect, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 33 on a phone: a temperature log filled by staff with one value out of range
 * (the instruction at once, a photo, saved as it goes, submitted), the corrective action
 * it opens, and a manager's correction beside the struck-through original.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(PHONE);

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const INSTRUCTION = 'Move the food to the spare fridge, call the engineer and re-check in 30 minutes';

interface Log {
  runName: string;
  walkIn: string;
  display: string;
  probe: string;
  sanitiser: string;
}

/**
 * A chain checklist for Amsterdam only, made through the API as hq, with one window open
 * now in the restaurant's own time zone (from half an hour ago, or midnight, to 90
 * minutes from now).
 */
async function createTemperatureLog(request: APIRequestContext): Promise<Log> {
  const tag = uniqueTag();
  const log: Log = {
    runName: `Temperature log ${tag}`,
    walkIn: `Walk-in fridge ${tag}`,
    display: `Display fridge ${tag}`,
    probe: `Probe cleaned ${tag}`,
    sanitiser: `Sanitiser bottles filled ${tag}`,
  };
  const options = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const amsterdam = options.find((restaurant) => restaurant.name === AMSTERDAM);
  expect(amsterdam).toBeDefined();
  const restaurant = (await (await request.get(`/api/restaurants/${amsterdam?.id}`)).json()) as { timeZone: string };
  const now = localMinutes(new Date(), restaurant.timeZone);
  const startsAt = Math.max(0, now - 30);
  await created(
    await request.post('/api/checklists', {
      data: {
        name: log.runName,
        restaurantId: null,
        allRestaurants: false,
        restaurantIds: [amsterdam?.id],
        locked: false,
        content: {
          sections: [
            {
              id: 'fridges',
              title: 'Fridges',
              items: [
                {
                  id: 'walk-in',
                  label: log.walkIn,
                  kind: 'temperature',
                  min: 0,
                  max: 5,
                  failInstruction: INSTRUCTION,
                  failNeedsPhoto: true,
                },
                { id: 'display', label: log.display, kind: 'temperature', min: 0, max: 5 },
              ],
            },
            {
              id: 'hygiene',
              title: 'Hygiene',
              items: [
                { id: 'probe', label: log.probe, kind: 'yesNo', critical: true },
                { id: 'sanitiser', label: log.sanitiser, kind: 'tick' },
              ],
            },
          ],
        },
        windows: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: clockTime(startsAt), end: clockTime(now + 90) }],
      },
    }),
  );
  return log;
}

/** A photo as a phone's camera hands it over: a small JPEG. */
async function cameraPhoto() {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer();
  return { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer };
}

/** One item's card on the record page. */
const itemCard = (page: Page, label: string) => page.getByRole('main').getByRole('listitem', { name: label });

test('staff fills the temperature log on a phone: the failure instruction at once, a photo, saved as it goes, submitted; the manager sees the corrective action and corrects a value', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'hq');
  const log = await createTemperatureLog(page.request);
  await page.context().clearCookies();

  let recordPath = '';
  await test.step('staff: Today lists the window as open now, nothing filled yet', async () => {
    await signInAs(page, 'staff', '/today');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: log.runName }) });
    await expect(card.getByText('Open now')).toBeVisible();
    await expect(card.getByText('0 of 4')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The whole card is the link's target, not only its title.
    await card.tap();
    await expect(page.getByRole('heading', { level: 1, name: log.runName })).toBeVisible();
    recordPath = new URL(page.url()).pathname;
    expect(recordPath).toMatch(/^\/checklists\/[^/]+$/);
  });

  await test.step('staff: an out-of-range temperature shows the instruction at once and asks for a photo', async () => {
    const submit = page.getByRole('button', { name: 'Submit checklist' });
    await expect(submit).toBeDisabled();
    await expect(page.getByText('Fill in every item before submitting (4 items left)')).toBeVisible();

    const walkIn = page.getByRole('textbox', { name: log.walkIn, exact: true });
    await expect(walkIn).toHaveAttribute('inputmode', 'decimal');
    await expect(itemCard(page, log.walkIn).getByText('Allowed: 0–5 °C')).toBeVisible();
    await walkIn.fill('9');
    const instruction = itemCard(page, log.walkIn).getByRole('alert');
    await expect(instruction).toContainText('This value fails the check');
    await expect(instruction).toContainText(INSTRUCTION);
    await expect(itemCard(page, log.walkIn).getByText('Add a photo')).toBeVisible();
    await expect(itemCard(page, log.walkIn).getByText('Saved', { exact: true })).toBeVisible();

    const camera = itemCard(page, log.walkIn).locator('input[type="file"][capture="environment"]');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await camera.setInputFiles(await cameraPhoto());
    await expect(itemCard(page, log.walkIn).getByRole('img', { name: `${log.walkIn}: photo 1` })).toBeVisible();
    await expect(itemCard(page, log.walkIn).getByText('Add a photo')).toHaveCount(0);
  });

  await test.step('staff: the other values, each saved as entered; a reload loses nothing', async () => {
    // A decimal comma, as a Dutch number pad types it.
    await page.getByRole('textbox', { name: log.display, exact: true }).fill('3,5');
    await expect(itemCard(page, log.display).getByRole('alert')).toHaveCount(0);
    await itemCard(page, log.probe).getByText('Yes', { exact: true }).tap();
    await page.getByRole('checkbox', { name: log.sanitiser }).tap();
    for (const label of [log.display, log.probe, log.sanitiser]) {
      await expect(itemCard(page, label).getByText('Saved', { exact: true })).toBeVisible();
    }
    await expect(page.getByText('4 of 4').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('textbox', { name: log.walkIn, exact: true })).toHaveValue('9');
    await expect(page.getByRole('textbox', { name: log.display, exact: true })).toHaveValue('3.5');
    await expect(page.getByRole('checkbox', { name: log.sanitiser })).toHaveAttribute('aria-checked', 'true');
    await expect(itemCard(page, log.walkIn).getByRole('img', { name: `${log.walkIn}: photo 1` })).toBeVisible();
    await expect(page.getByText('4 of 4').first()).toBeVisible();
  });

  await test.step('staff: submit; the record is read-only, with who entered each value', async () => {
    await page.getByRole('button', { name: 'Submit checklist' }).tap();
    await expect(page.getByText(/^Submitted by Sam Bakker at \d\d:\d\d$/)).toBeVisible();
    await expect(page.getByRole('main').getByText('Done', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit checklist' })).toHaveCount(0);
    const walkIn = itemCard(page, log.walkIn);
    await expect(walkIn.getByText('Failed', { exact: true })).toBeVisible();
    await expect(walkIn.getByText('9 °C')).toBeVisible();
    await expect(walkIn.getByText(/^Entered by Sam Bakker at \d\d:\d\d$/)).toBeVisible();
    await expect(walkIn.getByRole('link', { name: 'Corrective action (open)' })).toBeVisible();
    // Staff read a submitted record; only managers and hq correct it.
    await expect(page.getByRole('button', { name: /^Correct / })).toHaveCount(0);
  });

  const managerContext = await browser.newContext(PHONE);
  const manager = await managerContext.newPage();
  try {
    await test.step('manager: the failure is a corrective action with the value and the instruction shown', async () => {
      await signInAs(manager, 'manager', '/actions');
      await manager.getByRole('searchbox', { name: 'Search actions' }).fill(log.walkIn);
      await manager.getByRole('main').getByRole('link', { name: log.walkIn }).click();
      await expect(manager.getByRole('heading', { level: 1, name: log.walkIn })).toBeVisible();
      await expect(manager.getByText('Value: 9 °C')).toBeVisible();
      await expect(manager.getByText(`Instruction shown: ${INSTRUCTION}`)).toBeVisible();
    });

    await test.step('manager: corrects the display fridge with a reason; the original stays, struck through', async () => {
      await manager.goto(recordPath);
      await expect(manager.getByRole('heading', { level: 1, name: log.runName })).toBeVisible();
      await manager.getByRole('button', { name: `Correct ${log.display}` }).tap();
      const dialog = manager.getByRole('dialog', { name: `Correct ${log.display}` });
      await dialog.getByRole('textbox', { name: log.display, exact: true }).fill('4.2');
      await dialog.getByRole('button', { name: 'Save correction' }).tap();
      await expect(dialog.getByText('A reason is required')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('The probe was read in the walk-in by mistake');
      await dialog.getByRole('button', { name: 'Save correction' }).tap();
      await expect(dialog).toBeHidden();

      const display = itemCard(manager, log.display);
      await expect(display.locator('s')).toHaveText('3.5 °C');
      await expect(display.getByText('Original value:')).toBeAttached();
      await expect(display.getByText('Corrected', { exact: true })).toBeVisible();
      await expect(display.getByText('Corrected to 4.2 °C')).toBeVisible();
      await expect(
        display.getByText(/by Maya Jansen at \d\d:\d\d\. Reason: The probe was read in the walk-in by mistake$/),
      ).toBeVisible();
      expect(await seriousViolations(manager)).toEqual([]);
    });
  } finally {
    await managerContext.close();
  }
});

test('the staff and manager dashboards show the open checklists at the top, linking to the record and to Today', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'hq');
  const log = await createTemperatureLog(page.request);
  await page.context().clearCookies();

  await signInAs(page, 'staff', '/dashboard-staff');
  const panel = page.getByRole('region', { name: 'Checklists to do' });
  await expect(panel.getByRole('link', { name: log.runName })).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: log.runName })).toContainText('Open now');
  await panel.getByRole('link', { name: 'All of today' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  const managerContext = await browser.newContext(PHONE);
  const manager = await managerContext.newPage();
  try {
    await signInAs(manager, 'manager', '/dashboard-manager');
    const managerPanel = manager.getByRole('region', { name: 'Checklists to do' });
    await managerPanel.getByRole('link', { name: log.runName }).tap();
    await expect(manager.getByRole('heading', { level: 1, name: log.runName })).toBeVisible();
    await expect(manager.getByRole('button', { name: 'Submit checklist' })).toBeDisabled();
  } finally {
    await managerContext.close();
  }
});
