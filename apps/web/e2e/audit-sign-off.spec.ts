import type { AuditDetail } from '@brigade/core/schemas/audits';
import { created, DEMO_PASSWORD, demoAccounts, expect, signInAs, test, uniqueTag } from './fixtures';

// Sign-off on the spot (issue 33): hq submits an audit on a phone in the restaurant, and the
// manager on duty signs it off there with their own email and password.
test.describe('Sign-off on the spot', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("hq submits an audit; the manager types their email and password on hq's phone; the report says who signed", async ({
    page,
  }) => {
    const itemText = `Fridge below 7 degrees ${uniqueTag()}`;
    let auditId = '';

    await test.step('hq opens a new draft of Amsterdam (made through the API)', async () => {
      await signInAs(page, 'hq', '/audits-management');
      const template = await created(
        await page.request.post('/api/audit-templates', {
          data: { name: `Sign-off check ${uniqueTag()}`, items: [{ text: itemText }] },
        }),
      );
      const restaurants = (await (await page.request.get('/api/restaurants/options')).json()) as {
        id: string;
        name: string;
      }[];
      const me = (await (await page.request.get('/api/me')).json()) as { id: string };
      auditId = (
        await created(
          await page.request.post('/api/audits', {
            data: {
              restaurantId: restaurants.find((restaurant) => restaurant.name === 'Brigade Amsterdam Centraal')?.id,
              templateIds: [template.id],
              auditorId: me.id,
            },
          }),
        )
      ).id;
      await page.goto(`/audits/${auditId}`);
    });

    await test.step('hq marks the item and submits', async () => {
      await page.getByRole('radiogroup', { name: itemText }).getByRole('radio', { name: 'Good', exact: true }).check();
      await page.getByRole('button', { name: 'Submit Audit' }).tap();
      await expect(page.getByText(/Audit submitted/)).toBeVisible();
    });

    await test.step('on the same page, the manager on duty signs off with their own email and password', async () => {
      const signOff = page.getByRole('region', { name: 'Sign-off' });
      await expect(signOff.getByText('Manager on duty', { exact: true })).toBeVisible();
      await signOff.getByLabel("Manager's email").fill(demoAccounts.manager.email);
      await signOff.getByLabel("Manager's password").fill(DEMO_PASSWORD);
      await signOff.getByLabel('Comment (optional)').fill('Fridge fixed tonight');
      await signOff.getByRole('button', { name: 'Sign off' }).tap();
      await expect(signOff.getByText(/^Signed off by .+ at \d{2}:\d{2}$/)).toBeVisible();
      await expect(signOff.getByText("Manager's comment: Fridge fixed tonight")).toBeVisible();
    });

    await test.step('hq is still the one signed in, and the report shows who signed off', async () => {
      const me = (await (await page.request.get('/api/me')).json()) as { email: string };
      expect(me.email).toBe(demoAccounts.hq.email);
      const audit = (await (await page.request.get(`/api/audits/${auditId}`)).json()) as AuditDetail;
      const name = audit.signOff?.name as string;
      await page.goto(`/audits/${auditId}/report`);
      await expect(page.getByText(new RegExp(`^Signed off by ${name} at \\d{2}:\\d{2}$`))).toBeVisible();
    });
  });
});
