import type { Page } from '@playwright/test';
import { fakeReportFrame, finishFrameLoading, raiseFrameEvent, routeFakeReportFrame } from './fake-report-frame';
import { expect, fakeServices, fillSignIn, seriousViolations, signInAs, test } from './fixtures';

/** hq's report pages: path, title, and the report id the fake Power BI gives it. */
const HQ_REPORTS = [
  { card: 'Sales', description: 'View total sales, and trends', path: '/reports/hq-sales' },
  { card: '23 & 24 & 25', description: 'Access combined period analysis', path: '/reports/23-24-25' },
  { card: 'Product Sales', description: 'Detailed product-level insights', path: '/reports/hq-product-mix' },
  { card: 'Operations', description: 'Monitor operational KPIs', path: '/reports/hq-operations' },
] as const;

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const UTRECHT = 'Brigade Utrecht Neude';

function reportRegion(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** The report is shown: no loading text, and the titled frame at full width. */
async function expectDisplayed(page: Page, name: string) {
  const region = reportRegion(page, name);
  await expect(region.locator(`iframe[title="${name}"]`)).toBeVisible();
  await expect(region.getByText('Loading report...')).toHaveCount(0);
  await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('HQ Reports hub', () => {
  test('shows the four report cards, each opening its report, and Back to Reports returns', async ({ page }) => {
    await routeFakeReportFrame(page);
    await signInAs(page, 'hq', '/hq-reports');
    await expect(page.getByRole('heading', { level: 1, name: 'HQ Reports' })).toBeVisible();
    await expect(page.getByText('Take an informed decision at a glance.')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link')).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);

    for (const report of HQ_REPORTS) {
      const card = main.getByRole('link', { name: report.card, exact: true });
      await expect(card).toHaveAccessibleDescription(report.description);
      await card.click();
      await expect(page).toHaveURL(report.path);
      await expect(page.getByRole('heading', { level: 1, name: report.card, exact: true })).toBeVisible();
      await expectDisplayed(page, `${report.card} report`);
      await page.getByRole('link', { name: 'Back to Reports' }).click();
      await expect(page).toHaveURL('/hq-reports');
    }
  });
});

test.describe('Report embed', () => {
  test('a report page goes from loading to displayed: 800 px high, full width, frame titled', async ({ page }) => {
    await routeFakeReportFrame(page, { holdLoading: true });
    await signInAs(page, 'hq', '/reports/hq-sales');
    const region = reportRegion(page, 'Sales report');
    await expect(region.getByRole('status')).toHaveText('Loading report...');
    // The frame got the token the server issued in the load message.
    const frame = await fakeReportFrame(page);
    await expect(frame.getByTestId('load-token')).toHaveText(/^embed-token-\d+$/);

    await finishFrameLoading(page);
    await expectDisplayed(page, 'Sales report');
    const box = await region.locator('iframe').boundingBox();
    const regionBox = await region.boundingBox();
    expect(Math.round(box?.height ?? 0)).toBeGreaterThanOrEqual(796);
    expect(Math.round(box?.height ?? 0)).toBeLessThanOrEqual(800);
    expect(Math.abs((box?.width ?? 0) - (regionBox?.width ?? 0))).toBeLessThanOrEqual(2);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('TokenExpired: the page fetches a new token and gives it to the live report without re-embedding', async ({
    page,
  }) => {
    await routeFakeReportFrame(page);
    await signInAs(page, 'hq', '/reports/hq-product-mix');
    await expectDisplayed(page, 'Product Sales report');
    const frame = await fakeReportFrame(page);
    const tokens = frame.getByRole('list', { name: 'Tokens received' }).getByRole('listitem');
    await expect(tokens).toHaveCount(0);

    const tokenAnswer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/reports/hq-product-mix/token') && response.request().method() === 'POST',
    );
    await raiseFrameEvent(page, 'error', {
      message: 'TokenExpired',
      detailedMessage: 'Token expired',
      errorCode: '403',
      level: 3,
    });
    const answer = (await (await tokenAnswer).json()) as { data: { accessToken: string } };
    await expect(tokens).toHaveText([answer.data.accessToken]);
    // Same frame, same document: the report was not embedded again.
    expect(page.frames().filter((candidate) => candidate.url().startsWith('https://app.powerbi.com/'))).toEqual([
      frame,
    ]);
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'rendered');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the token is refreshed a few minutes before it expires, on the live report', async ({ page }) => {
    await page.clock.install();
    await routeFakeReportFrame(page);
    await signInAs(page, 'hq', '/reports/23-24-25');
    await expectDisplayed(page, '23 & 24 & 25 report');
    const frame = await fakeReportFrame(page);
    const tokens = frame.getByRole('list', { name: 'Tokens received' }).getByRole('listitem');
    await expect(tokens).toHaveCount(0);

    // The fake Power BI issues tokens for 60 minutes; the page renews them 3 minutes early.
    const tokenAnswer = page.waitForResponse((response) => response.url().endsWith('/api/reports/23-24-25/token'));
    await page.clock.fastForward('58:00');
    const answer = (await (await tokenAnswer).json()) as { data: { accessToken: string } };
    await expect(tokens).toHaveText([answer.data.accessToken]);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a refresh that fails says so over the live report; Retry refreshes again', async ({ page }) => {
    await routeFakeReportFrame(page);
    await signInAs(page, 'hq', '/reports/hq-sales');
    await expectDisplayed(page, 'Sales report');
    const frame = await fakeReportFrame(page);
    const tokens = frame.getByRole('list', { name: 'Tokens received' }).getByRole('listitem');

    // The connection drops just when the token runs out.
    const tokenUrl = '**/api/reports/hq-sales/token';
    await page.route(tokenUrl, (route) => route.abort('internetdisconnected'));
    await raiseFrameEvent(page, 'error', {
      message: 'TokenExpired',
      detailedMessage: 'Token expired',
      errorCode: '403',
    });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to refresh embed token');
    await expect(alert).toContainText('Could not reach Brigade');
    await expect(page.locator('iframe[title="Sales report"]')).toBeVisible();
    await expect(tokens).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.unroute(tokenUrl);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(tokens).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a render error shows the embed's message and technical details; Retry embeds again", async ({ page }) => {
    await routeFakeReportFrame(page);
    await signInAs(page, 'hq', '/reports/hq-sales');
    await expectDisplayed(page, 'Sales report');
    await raiseFrameEvent(page, 'error', {
      message: 'LoadReportFailed',
      detailedMessage: 'Could not load the report',
      errorCode: '500',
      level: 3,
      technicalDetails: { requestId: 'request-42', errorInfo: [{ key: 'Cluster', value: 'fake-cluster' }] },
    });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to render report');
    await expect(alert).toContainText('Could not load the report');
    await expect(alert.getByText('Request id:')).toBeVisible();
    await expect(alert.getByText('request-42')).toBeVisible();
    await expect(alert.getByText('fake-cluster')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Retry' }).click();
    await expectDisplayed(page, 'Sales report');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the SDK itself refuses embed URLs that are not https on a Power BI host, and autoAuth=true', async ({
    page,
  }) => {
    await routeFakeReportFrame(page);
    await signInAs(page, 'hq', '/reports/hq-sales');
    await expectDisplayed(page, 'Sales report');
    // The report chunk has loaded powerbi-client, which exposes its service as window.powerbi.
    const refusals = await page.evaluate(() => {
      const service = (window as unknown as { powerbi: { embed: (element: HTMLElement, config: object) => unknown } })
        .powerbi;
      return [
        'http://app.powerbi.com/reportEmbed?reportId=r1',
        'https://reports.example.com/reportEmbed?reportId=r1',
        'https://app.powerbi.com/reportEmbed?reportId=r1&autoAuth=true',
      ].map((embedUrl) => {
        const element = document.createElement('div');
        document.body.append(element);
        try {
          service.embed(element, { type: 'report', id: 'r1', embedUrl, accessToken: 'token', tokenType: 1 });
          return 'accepted';
        } catch (error) {
          return (error as Error).message;
        } finally {
          element.remove();
        }
      });
    });
    expect(refusals).toEqual([
      expect.stringContaining('Invalid embed URL detected. Either URL hostname or protocol are invalid.'),
      expect.stringContaining('Invalid embed URL detected. Either URL hostname or protocol are invalid.'),
      expect.stringContaining('Embed URL is invalid for this scenario.'),
    ]);
  });

  test("an embed URL the SDK refuses shows as a render error with the SDK's message", async ({ page }) => {
    await routeFakeReportFrame(page);
    // The real answer of our server, with only the embed URL swapped for one the SDK must refuse.
    await page.route('**/api/reports/hq-sales/token', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      answer.data.embedUrl = 'http://app.powerbi.com/reportEmbed?reportId=report-hq-sales';
      await route.fulfill({ response, json: answer });
    });
    await signInAs(page, 'hq', '/reports/hq-sales');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to render report');
    await expect(alert).toContainText('Invalid embed URL detected');
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});

test.describe('Manager reports', () => {
  test('the page offers the restaurant choice; it is the same selection as the other screens', async ({ page }) => {
    await routeFakeReportFrame(page);
    await signInAs(page, 'manager', '/reports/sales');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales Report' })).toBeVisible();
    // The selector strip is hidden on report pages; the page has its own choice.
    await expect(page.getByRole('radiogroup', { name: 'Restaurant' })).toHaveCount(0);
    const choice = page.getByRole('combobox', { name: 'Restaurant', exact: true });
    await expect(choice).toHaveValue(AMSTERDAM);
    await expectDisplayed(page, `Sales Report: ${AMSTERDAM}`);
    expect(await seriousViolations(page)).toEqual([]);

    await choice.click();
    await page.getByRole('option', { name: UTRECHT, exact: true }).click();
    await expectDisplayed(page, `Sales Report: ${UTRECHT}`);

    await page.getByRole('link', { name: 'Product Mix Report' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Product Mix Report' })).toBeVisible();
    await expectDisplayed(page, `Product Mix Report: ${UTRECHT}`);

    await page.goto('/dashboard-manager');
    await expect(
      page.getByRole('radiogroup', { name: 'Restaurant' }).getByRole('radio', { name: UTRECHT }),
    ).toBeChecked();
  });

  test('a failed token call shows Failed to load dashboard with the attempt; Retry counts up and then displays', async ({
    page,
  }) => {
    await routeFakeReportFrame(page);
    await signInAs(page, 'manager', '/reports/operations');
    await expectDisplayed(page, `Operations Report: ${AMSTERDAM}`);
    // The server caches tokens per report and restaurant: the operations report of Utrecht
    // is asked for nowhere else, so choosing it makes the server call Power BI.
    await fakeServices.failNextPowerBiToken();
    const choice = page.getByRole('combobox', { name: 'Restaurant', exact: true });
    await choice.click();
    await page.getByRole('option', { name: UTRECHT, exact: true }).click();
    const region = reportRegion(page, `Operations Report: ${UTRECHT}`);
    const alert = region.getByRole('alert');
    await expect(alert).toContainText('Failed to load dashboard');
    await expect(alert).toContainText('Power BI: Simulated Power BI failure');
    await expect(alert).toContainText('Attempt 1');
    expect(await seriousViolations(page)).toEqual([]);

    await fakeServices.failNextPowerBiToken('Simulated Power BI failure again');
    await region.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toContainText('Power BI: Simulated Power BI failure again');
    await expect(alert).toContainText('Attempt 2');

    await region.getByRole('button', { name: 'Retry' }).click();
    await expectDisplayed(page, `Operations Report: ${UTRECHT}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a manager without an active restaurant is told so on each report page, not asked to select one', async ({
    page,
  }) => {
    await page.goto('/');
    await fillSignIn(page, 'klaus.becker@example.com');
    await expect(page.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible();
    for (const [path, title] of [
      ['/reports/sales', 'Sales Report'],
      ['/reports/product-mix', 'Product Mix Report'],
      ['/reports/operations', 'Operations Report'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // There is no restaurant to select (issue 17, trip 11): the notice says what is true.
      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        'You are not assigned to an active restaurant. Ask head office to add you to one.',
      );
      await expect(page.locator('iframe')).toHaveCount(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('hq-only report routes send a manager to the dashboard', async ({ page }) => {
    await signInAs(page, 'manager');
    for (const path of ['/hq-reports', ...HQ_REPORTS.map((report) => report.path)]) {
      await page.goto(path);
      await expect(page).toHaveURL('/dashboard-manager');
      await expect(page.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible();
    }
  });

  test('on a phone the report fills the width and the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await routeFakeReportFrame(page);
    await signInAs(page, 'manager', '/reports/operations');
    await expectDisplayed(page, `Operations Report: ${AMSTERDAM}`);
    const box = await page.locator('iframe').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
