import type { SensorDevice, SensorExcursion } from '@brigade/core/schemas/sensors';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SensorAlerts } from './sensor-alerts';

const excursion: SensorExcursion = {
  id: 'x-1',
  device: { id: 'd-1', name: 'Walk-in fridge', kind: 'fridge' },
  restaurant: { id: 'r-1', name: 'Brigade Amsterdam' },
  direction: 'high',
  limitC: 5,
  peakC: 9.4,
  startedAt: '2026-11-28T09:00:00.000Z',
  detectedAt: '2026-11-28T09:15:00.000Z',
  endedAt: null,
  state: 'live',
  action: { id: 'a-7', status: 'open' },
};
const offline: SensorDevice = {
  id: 'd-2',
  name: 'Freezer',
  restaurant: { id: 'r-1', name: 'Brigade Amsterdam', timeZone: 'Europe/Amsterdam' },
  kind: 'freezer',
  lowC: -30,
  highC: -18,
  delayMinutes: 15,
  recoveryMinutes: 10,
  state: 'offline',
  lastReading: { at: '2026-11-27T08:00:00.000Z', value: -20 },
  liveExcursionId: null,
  keyIssuedAt: '2026-11-01T09:00:00.000Z',
  createdAt: '2026-11-01T09:00:00.000Z',
};

describe('sensor alerts', () => {
  test('a live excursion is named (device, restaurant, limit, since, peak) and links to its corrective action', () => {
    renderWithProviders(<SensorAlerts excursions={[excursion]} offline={[offline]} withRestaurant />);
    const live = screen.getByRole('region', { name: 'Live excursions' });
    expect(live).toHaveTextContent('Walk-in fridge (Brigade Amsterdam): above 5 °C since 28 Nov 2026, ');
    expect(live).toHaveTextContent('peak 9.4 °C');
    expect(
      within(live).getByRole('link', { name: 'Corrective action for Walk-in fridge (Brigade Amsterdam)' }),
    ).toHaveAttribute('href', '/actions/a-7');
    const down = screen.getByRole('region', { name: 'Sensor offline' });
    expect(within(down).getByRole('listitem')).toHaveTextContent(
      'Freezer (Brigade Amsterdam): no reading since 27 Nov',
    );
  });

  test('on one restaurant: times by its clock, names without the restaurant; nothing at all when all is well', () => {
    const { unmount } = renderWithProviders(
      <SensorAlerts
        excursions={[{ ...excursion, peakC: -2, direction: 'low', limitC: 0 }]}
        offline={[]}
        timeZone="Europe/Amsterdam"
      />,
    );
    expect(screen.getByRole('region', { name: 'Live excursions' })).toHaveTextContent(
      'Walk-in fridge: below 0 °C since 28 Nov, 10:00, peak -2 °C',
    );
    expect(screen.queryByRole('region', { name: 'Sensor offline' })).toBeNull();
    unmount();
    renderWithProviders(<SensorAlerts excursions={[]} offline={[]} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
