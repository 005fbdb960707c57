import type { SensorDeviceWithKey } from '@brigade/core/schemas/sensors';
import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { amsterdam, json, testDevice, utrecht } from '../../../test/sensor-devices';
import { SensorsPage } from './sensors-page';

const hq: Me = {
  id: 'u-hq',
  name: 'Hanna HQ',
  email: 'hq@example.com',
  role: 'hq',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

type Handler = (method: string, url: string, body: unknown) => Response | undefined;

function stubApi(handler: Handler) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/restaurants/options')) return json([amsterdam, utrecht]);
      return handler(method, url, body) ?? json({ message: 'Not here' }, 404);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Sensors (hq, issue 37)', () => {
  test("devices by restaurant with each one's state, limits and last reading", async () => {
    stubApi(() =>
      json({
        items: [
          testDevice({}),
          testDevice({ id: 'd-2', name: 'Freezer', kind: 'freezer', lowC: -30, highC: -18, state: 'offline' }),
          testDevice({
            id: 'd-3',
            name: 'Bain-marie',
            restaurant: utrecht,
            kind: 'hot-holding',
            state: 'waiting',
            lastReading: null,
          }),
        ],
      }),
    );
    renderWithProviders(<SensorsPage />, { me: hq });

    const amsterdamSection = await screen.findByRole('region', { name: 'Brigade Amsterdam' });
    const fridge = within(amsterdamSection).getByRole('listitem', { name: 'Walk-in fridge' });
    expect(fridge).toHaveTextContent('In range');
    expect(fridge).toHaveTextContent('Fridge · Limits 0 °C – 5 °C · Delay 15 min, recovery 10 min');
    expect(fridge).toHaveTextContent('Last reading 3.5 °C at');
    expect(within(amsterdamSection).getByRole('listitem', { name: 'Freezer' })).toHaveTextContent('Sensor offline');
    expect(
      within(amsterdamSection).getByRole('link', { name: 'Charts and excursions of Brigade Amsterdam' }),
    ).toHaveAttribute('href', `/sensors/${amsterdam.id}`);
    const bainMarie = within(screen.getByRole('region', { name: 'Brigade Utrecht' })).getByRole('listitem', {
      name: 'Bain-marie',
    });
    expect(bainMarie).toHaveTextContent('No readings yet');
    expect(bainMarie).toHaveTextContent('Hot-holding unit');
  });

  test('no devices: says so and what to do', async () => {
    stubApi(() => json({ items: [] }));
    renderWithProviders(<SensorsPage />, { me: hq });
    expect(await screen.findByText('No sensors yet')).toBeInTheDocument();
    expect(screen.getByText(/Register a device for a restaurant's fridge/)).toBeInTheDocument();
  });

  test('a failed load offers Retry, which asks again', async () => {
    let fail = true;
    const calls = stubApi(() => (fail ? json({ message: 'Down' }, 500) : json({ items: [testDevice({})] })));
    const { user } = renderWithProviders(<SensorsPage />, { me: hq });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Walk-in fridge' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/sensors/devices').length).toBeGreaterThanOrEqual(2);
  });

  test("registering checks the form, then shows the key once with the device's id and endpoint", async () => {
    const created: SensorDeviceWithKey = {
      ...testDevice({ id: 'd-new', name: 'Dessert fridge', state: 'waiting', lastReading: null }),
      key: 'brigade_sensor_secret',
      endpoint: 'https://brigade.example/api/sensors/readings',
    };
    const calls = stubApi((method, url) => {
      if (method === 'POST' && url === '/api/sensors/devices') return json(created, 201);
      if (url === '/api/sensors/devices') return json({ items: [] });
      return undefined;
    });
    const { user } = renderWithProviders(<SensorsPage />, { me: hq });
    await user.click(await screen.findByRole('button', { name: 'Register a device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a device' });

    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      within(dialog).getByText('Name the device after what it measures (e.g. "Walk-in fridge")'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the restaurant the device is in')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dessert fridge');
    await user.click(within(dialog).getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Brigade Amsterdam', hidden: true }));
    // The low limit above the high one is refused before anything is sent.
    const low = within(dialog).getByRole('textbox', { name: 'Low limit (°C)' });
    await user.clear(low);
    await user.type(low, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('The low limit must be below the high limit')).toBeInTheDocument();
    await user.clear(low);
    await user.type(low, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the device key now' });
    expect(within(shown).getByRole('textbox', { name: 'Key for Dessert fridge' })).toHaveValue('brigade_sensor_secret');
    expect(within(shown).getByRole('textbox', { name: 'Device id' })).toHaveValue('d-new');
    expect(within(shown).getByRole('textbox', { name: 'Send readings to' })).toHaveValue(created.endpoint);
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Dessert fridge',
      restaurantId: amsterdam.id,
      kind: 'fridge',
      lowC: 1,
      highC: 5,
      delayMinutes: 15,
      recoveryMinutes: 10,
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('brigade_sensor_secret')).toBeNull());
    expect(screen.queryByDisplayValue('brigade_sensor_secret')).toBeNull();
  });

  test('choosing freezer for a new device fills in its usual limits', async () => {
    stubApi(() => json({ items: [] }));
    const { user } = renderWithProviders(<SensorsPage />, { me: hq });
    await user.click(await screen.findByRole('button', { name: 'Register a device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a device' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Measures' }));
    await user.click(await screen.findByRole('option', { name: 'Freezer', hidden: true }));
    expect(within(dialog).getByRole('textbox', { name: 'Low limit (°C)' })).toHaveValue('-30');
    expect(within(dialog).getByRole('textbox', { name: 'High limit (°C)' })).toHaveValue('-18');
  });

  test('a new key and removing each ask first; Cancel sends nothing', async () => {
    const calls = stubApi((method, url) => {
      if (method === 'DELETE') return json(undefined, 204);
      if (url === '/api/sensors/devices') return json({ items: [testDevice({})] });
      return undefined;
    });
    const { user } = renderWithProviders(<SensorsPage />, { me: hq });
    await user.click(await screen.findByRole('button', { name: 'New key for Walk-in fridge' }));
    const newKey = await screen.findByRole('dialog', { name: 'New key' });
    expect(newKey).toHaveTextContent('The old key stops working at once');
    await user.click(within(newKey).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Remove Walk-in fridge' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove device' });
    expect(remove).toHaveTextContent('its readings and excursions stay in the food-safety log');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        '/api/sensors/devices/d-1',
      ]),
    );
  });
});
