import type { SensorExcursion } from '@brigade/core/schemas/sensors';
import type { Me } from '@brigade/core/schemas/session';
import { screen, within } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { amsterdam, json, testDevice, utrecht } from '../../../test/sensor-devices';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { RestaurantSensorsPage } from './restaurant-sensors-page';
import { SensorsDashboardPanel } from './sensors-dashboard-panel';

const manager: Me = {
  id: 'u-m',
  name: 'Maya Manager',
  email: 'manager@example.com',
  role: 'manager',
  restaurants: [{ id: amsterdam.id, name: amsterdam.name }],
  mustChangePassword: false,
  language: null,
};

const excursion: SensorExcursion = {
  id: 'x-1',
  device: { id: 'd-3', name: 'Dessert fridge', kind: 'fridge' },
  restaurant: { id: utrecht.id, name: utrecht.name },
  direction: 'high',
  limitC: 5,
  peakC: 8.1,
  startedAt: '2026-11-28T09:00:00.000Z',
  detectedAt: '2026-11-28T09:15:00.000Z',
  endedAt: null,
  state: 'live',
  action: { id: 'a-9', status: 'open' },
};

function stubApi(answer: (url: string) => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer(url);
    }),
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the manager dashboard's sensor panel", () => {
  test("all the manager's restaurants: live excursions, offline sensors, and each restaurant's devices with a link to its charts", async () => {
    const urls = stubApi((url) =>
      url.startsWith('/api/sensors/excursions')
        ? json({ items: [excursion] })
        : json({
            items: [
              testDevice({}),
              testDevice({ id: 'd-2', name: 'Freezer', state: 'offline' }),
              testDevice({ id: 'd-3', name: 'Dessert fridge', restaurant: utrecht, state: 'excursion' }),
              testDevice({ id: 'd-4', name: 'Bain-marie', restaurant: utrecht, state: 'waiting', lastReading: null }),
            ],
          }),
    );
    renderWithProviders(<SensorsDashboardPanel />, { me: manager });

    const live = await screen.findByRole('region', { name: 'Live excursions' });
    // By the restaurant's clock (Amsterdam, UTC+1), its zone taken from the devices.
    expect(live).toHaveTextContent('Dessert fridge (Brigade Utrecht): above 5 °C since 28 Nov, 10:00, peak 8.1 °C');
    expect(
      within(live).getByRole('link', { name: 'Corrective action for Dessert fridge (Brigade Utrecht)' }),
    ).toHaveAttribute('href', '/actions/a-9');
    expect(within(live).getByRole('link', { name: 'Readings of Dessert fridge (Brigade Utrecht)' })).toHaveAttribute(
      'href',
      '/sensors/excursions/x-1',
    );
    expect(screen.getByRole('region', { name: 'Sensor offline' })).toHaveTextContent(
      'Freezer (Brigade Amsterdam): no reading since',
    );
    const lines = within(screen.getByRole('region', { name: 'Temperature sensors' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Brigade Amsterdam: 1 in range · 1 offlineCharts of Brigade Amsterdam',
      'Brigade Utrecht: 0 in range · 1 excursion · 1 without readings yetCharts of Brigade Utrecht',
    ]);
    expect(within(lines[1] as HTMLElement).getByRole('link')).toHaveAttribute('href', `/sensors/${utrecht.id}`);
    // Every restaurant of theirs at once: neither request names one.
    expect(urls.sort()).toEqual(['/api/sensors/devices', '/api/sensors/excursions?state=live']);
  });

  test('no sensor in any of their restaurants: the dashboard shows nothing of it', async () => {
    const urls = stubApi(() => json({ items: [] }));
    renderWithProviders(<SensorsDashboardPanel />, { me: manager });
    await vi.waitFor(() => expect(urls).toContain('/api/sensors/devices'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  test('a failed load says so with Retry', async () => {
    stubApi(() => json({ message: 'Down' }, 500));
    renderWithProviders(<SensorsDashboardPanel />, { me: manager });
    expect(await screen.findByText('The temperature sensors could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe("a restaurant's Temperatures screen", () => {
  /** The page at its address: the test router starts at "/", so go there first. */
  function renderAt(path: string) {
    return renderWithProviders(
      <Routes>
        <Route path="/" element={<Navigate to={path} />} />
        <Route path="/sensors/:restaurantId" element={<RestaurantSensorsPage />} />
      </Routes>,
      { me: manager },
    );
  }

  test('no devices yet: a manager is told head office registers them', async () => {
    const urls = stubApi((url) =>
      url.startsWith('/api/sensors/status')
        ? json({ restaurant: amsterdam, devices: [], counts: { ok: 0, excursion: 0, offline: 0, waiting: 0 } })
        : json({ items: [] }),
    );
    renderAt(`/sensors/${amsterdam.id}`);
    expect(await screen.findByText('No sensors yet')).toBeInTheDocument();
    expect(screen.getByText(/Head office registers the restaurant's temperature sensors/)).toBeInTheDocument();
    expect(urls).toContain(`/api/sensors/status?restaurantId=${amsterdam.id}`);
  });

  test("a manager's strip follows the screen's restaurant, and choosing another in it opens that one's", async () => {
    const two: Me = { ...manager, restaurants: [manager.restaurants[0] as Me['restaurants'][number], utrecht] };
    const urls = stubApi((url) =>
      url.startsWith('/api/sensors/status')
        ? json({
            restaurant: url.includes(utrecht.id) ? utrecht : amsterdam,
            devices: [],
            counts: { ok: 0, excursion: 0, offline: 0, waiting: 0 },
          })
        : json({ items: [] }),
    );
    function Strip() {
      const { selectedRestaurant, selectRestaurant } = useSelectedRestaurant();
      return (
        <button type="button" onClick={() => selectRestaurant(amsterdam.id)}>
          {`Selected ${selectedRestaurant?.name}`}
        </button>
      );
    }
    const { user } = renderWithProviders(
      <>
        <Strip />
        <Routes>
          <Route path="/" element={<Navigate to={`/sensors/${utrecht.id}`} />} />
          <Route path="/sensors/:restaurantId" element={<RestaurantSensorsPage />} />
        </Routes>
      </>,
      { me: two },
    );
    expect(await screen.findByRole('button', { name: 'Selected Brigade Utrecht' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Selected Brigade Utrecht' }));
    expect(await screen.findByRole('button', { name: 'Selected Brigade Amsterdam' })).toBeInTheDocument();
    await vi.waitFor(() => expect(urls).toContain(`/api/sensors/status?restaurantId=${amsterdam.id}`));
    expect(urls).toContain(`/api/sensors/status?restaurantId=${utrecht.id}`);
  });

  test("another restaurant's screen: the server's refusal, not a retry", async () => {
    stubApi(() => json({ message: 'Device not found' }, 403));
    renderAt('/sensors/r-9');
    expect(await screen.findByRole('alert')).toHaveTextContent('Device not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
