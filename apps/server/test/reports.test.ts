import { reportsUnavailable } from '@brigade/core/schemas/reports';
import { afterAll, describe, expect, test } from 'vitest';
import { fakePowerBiOptions, startFakePowerBi } from './fakes/powerbi-server';
import { startTestApp } from './harness';

const fake = await startFakePowerBi();
afterAll(() => fake.close());

const t = await startTestApp({
  brandWord: 'Brigade',
  powerBi: fakePowerBiOptions(fake),
});
const mine = await t.buildRestaurant({ name: 'Brigade Utrecht Neude' });
const other = await t.buildRestaurant({ name: 'Brigade Rotterdam' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id] });
const staff = await t.signedIn('staff', { restaurantIds: [mine.id] });

const token = (cookie: string | undefined, key: string, restaurantId?: string) =>
  t.request(cookie, {
    method: 'POST',
    url: `/api/reports/${key}/token`,
    payload: restaurantId ? { restaurantId } : {},
  });
const lastBody = () => fake.generateTokenBodies.at(-1);

describe('hq reports', () => {
  test('hq gets an embed config with the HQ role; the service principal signs in with client credentials', async () => {
    const response = await token(hq.cookie, 'hq-sales');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      type: 'report',
      id: 'r-hq-sales',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r-hq-sales&groupId=workspace-1',
      accessToken: expect.stringMatching(/^embed-token-/),
    });
    expect(lastBody()).toEqual({
      datasets: [{ id: 'dataset-of-r-hq-sales' }],
      reports: [{ id: 'r-hq-sales' }],
      identities: [{ username: 'hq', roles: ['HQ'], datasets: ['dataset-of-r-hq-sales'] }],
      lifetimeInMinutes: 60,
    });
    const grant = fake.aadRequests.at(-1);
    expect(grant?.get('grant_type')).toBe('client_credentials');
    expect(grant?.get('scope')).toContain('https://analysis.windows.net/powerbi/api/.default');
  });

  test('23 & 24 & 25 goes without row-level security, on its configured dataset', async () => {
    const response = await token(hq.cookie, '23-24-25');
    expect(response.json().data).toMatchObject({ id: 'r-232425', accessToken: expect.stringMatching(/^embed-token-/) });
    expect(lastBody()).toEqual({
      datasets: [{ id: 'd-232425' }],
      reports: [{ id: 'r-232425' }],
      lifetimeInMinutes: 60,
    });
  });

  test('a second request is served from the cache: no new GenerateToken', async () => {
    await token(hq.cookie, 'hq-operations');
    const count = fake.generateTokenBodies.length;
    const again = await token(hq.cookie, 'hq-operations');
    expect(again.statusCode).toBe(200);
    expect(fake.generateTokenBodies.length).toBe(count);
  });

  test('managers and staff cannot open hq reports', async () => {
    const count = fake.generateTokenBodies.length;
    expect((await token(manager.cookie, 'hq-sales')).statusCode).toBe(403);
    expect((await token(manager.cookie, '23-24-25')).statusCode).toBe(403);
    expect((await token(staff.cookie, 'sales', mine.id)).statusCode).toBe(403);
    expect((await token(undefined, 'hq-sales')).statusCode).toBe(401);
    expect(fake.generateTokenBodies.length).toBe(count);
  });
});

describe('restaurant reports', () => {
  test("a manager's report carries the restaurant's name without the brand word", async () => {
    const response = await token(manager.cookie, 'sales', mine.id);
    expect(response.statusCode).toBe(200);
    expect(lastBody()?.identities).toEqual([
      { username: mine.id, roles: ['Utrecht Neude'], datasets: ['dataset-of-r-sales'] },
    ]);
  });

  test('another restaurant is 403 and Power BI is never called', async () => {
    const count = fake.generateTokenBodies.length;
    const response = await token(manager.cookie, 'product-mix', other.id);
    expect(response.statusCode).toBe(403);
    expect(fake.generateTokenBodies.length).toBe(count);
  });

  test('no restaurant, or an unknown one, gets the spec messages', async () => {
    const none = await token(manager.cookie, 'operations');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a restaurant to view the report.');
    const unknown = await token(manager.cookie, 'operations', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Selected restaurant not found');
  });

  test('hq may open any restaurant report', async () => {
    const response = await token(hq.cookie, 'sales', other.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: 'r-sales', accessToken: expect.stringMatching(/^embed-token-/) });
    expect(lastBody()?.identities).toEqual([
      { username: other.id, roles: ['Rotterdam'], datasets: ['dataset-of-r-sales'] },
    ]);
  });

  test("Power BI's own error message comes through as a 502", async () => {
    fake.failNextGenerateToken('Dataset not found or not accessible');
    const response = await token(hq.cookie, 'operations', other.id);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Power BI: Dataset not found or not accessible');
  });

  test('an unknown report key is a 400 and Power BI is never called', async () => {
    const count = fake.generateTokenBodies.length;
    const response = await token(hq.cookie, 'finance');
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toBeUndefined();
    expect(fake.generateTokenBodies.length).toBe(count);
  });
});

describe('not configured', async () => {
  const bare = await startTestApp();
  const boss = await bare.signedIn('hq');
  const restaurant = await bare.buildRestaurant();
  const restaurantManager = await bare.signedIn('manager', { restaurantIds: [restaurant.id] });
  const settingNames = /AZURE_|POWERBI_|MONDAY_|Missing settings/;

  test('tells hq which settings are missing instead of failing', async () => {
    const status = await bare.request(boss.cookie, { method: 'GET', url: '/api/reports/status' });
    expect(status.json()).toEqual({
      configured: false,
      message:
        'Power BI is not configured on the server. Missing settings: AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, POWERBI_WORKSPACE_ID.',
    });
    const response = await bare.request(boss.cookie, {
      method: 'POST',
      url: '/api/reports/hq-sales/token',
      payload: {},
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toContain('Missing settings: AZURE_TENANT_ID');
  });

  test('in Dutch, hq and managers read Dutch, the settings named as they are', async () => {
    const dutch = { 'accept-language': 'nl' };
    const forHq = await bare.request(boss.cookie, { method: 'GET', url: '/api/reports/status', headers: dutch });
    expect(forHq.json().message).toBe(
      'Power BI is niet ingesteld op de server. Ontbrekende instellingen: AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, POWERBI_WORKSPACE_ID.',
    );
    const token = await bare.request(boss.cookie, {
      method: 'POST',
      url: '/api/reports/hq-sales/token',
      payload: {},
      headers: dutch,
    });
    expect(token.json().message).toMatch(/^Power BI is niet ingesteld .* AZURE_TENANT_ID/);
    const forManager = await bare.request(restaurantManager.cookie, {
      method: 'GET',
      url: '/api/reports/status',
      headers: dutch,
    });
    expect(forManager.json().message).toBe('Rapporten zijn nog niet beschikbaar. Vraag het hoofdkantoor.');
    const managerToken = await bare.request(restaurantManager.cookie, {
      method: 'POST',
      url: '/api/reports/sales/token',
      payload: { restaurantId: restaurant.id },
      headers: dutch,
    });
    expect(managerToken.json().message).toBe('Rapporten zijn nog niet beschikbaar. Vraag het hoofdkantoor.');
  });

  test('a manager is told to ask head office, and is sent no setting names at all', async () => {
    const status = await bare.request(restaurantManager.cookie, { method: 'GET', url: '/api/reports/status' });
    expect(status.json()).toEqual({ configured: false, message: reportsUnavailable });
    expect(status.body).not.toMatch(settingNames);
    const response = await bare.request(restaurantManager.cookie, {
      method: 'POST',
      url: '/api/reports/sales/token',
      payload: { restaurantId: restaurant.id },
    });
    expect([response.statusCode, response.json()]).toEqual([503, { message: reportsUnavailable }]);
    expect(response.body).not.toMatch(settingNames);
  });
});

describe('a configuration Power BI refuses', async () => {
  const refused = await startTestApp({ powerBi: fakePowerBiOptions(fake, {}) });
  const restaurant = await refused.buildRestaurant();
  const boss = await refused.signedIn('hq');
  const restaurantManager = await refused.signedIn('manager', { restaurantIds: [restaurant.id] });
  const wrongSecret = fakePowerBiOptions(fake);
  const rejected = await startTestApp({
    powerBi: { ...wrongSecret, config: { ...wrongSecret.config, clientSecret: 'not-the-secret' } },
  });
  const rejectedRestaurant = await rejected.buildRestaurant();
  const rejectedBoss = await rejected.signedIn('hq');
  const rejectedManager = await rejected.signedIn('manager', { restaurantIds: [rejectedRestaurant.id] });

  test('a report without an id: hq reads which, a manager reads the plain sentence', async () => {
    const forHq = await refused.request(boss.cookie, {
      method: 'POST',
      url: '/api/reports/hq-sales/token',
      payload: {},
    });
    expect([forHq.statusCode, forHq.json().message]).toEqual([503, 'Power BI report "hq-sales" is not configured']);
    const forManager = await refused.request(restaurantManager.cookie, {
      method: 'POST',
      url: '/api/reports/sales/token',
      payload: { restaurantId: restaurant.id },
    });
    expect([forManager.statusCode, forManager.json()]).toEqual([503, { message: reportsUnavailable }]);
  });

  test("a service principal Azure AD refuses: hq reads Azure AD's answer, a manager the plain sentence", async () => {
    const forHq = await rejected.request(rejectedBoss.cookie, {
      method: 'POST',
      url: '/api/reports/hq-sales/token',
      payload: {},
    });
    expect(forHq.statusCode).toBe(502);
    expect(forHq.json().message).toContain('Azure AD refused the service principal');
    const forManager = await rejected.request(rejectedManager.cookie, {
      method: 'POST',
      url: '/api/reports/sales/token',
      payload: { restaurantId: rejectedRestaurant.id },
    });
    expect([forManager.statusCode, forManager.json()]).toEqual([502, { message: reportsUnavailable }]);
  });
});
