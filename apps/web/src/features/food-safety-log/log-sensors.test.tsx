import type { SensorLogDevice } from '@brigade/core/schemas/sensors';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LogSensors } from './log-sensors';

const fridge: SensorLogDevice = {
  id: 'd-1',
  name: 'Walk-in fridge',
  kind: 'fridge',
  lowC: 0,
  highC: 5,
  days: [
    { day: '2026-11-27', min: 2.1, max: 4.8, avg: 3.4, count: 1440, hoursOutOfRange: 0 },
    { day: '2026-11-28', min: 2, max: 9.4, avg: 4.1, count: 700, hoursOutOfRange: 2 },
  ],
  excursions: [
    {
      id: 'x-1',
      direction: 'high',
      limitC: 5,
      peakC: 9.4,
      startedAt: '2026-11-28T09:00:00.000Z',
      endedAt: null,
      action: { id: 'a-7', status: 'open' },
    },
  ],
};

describe("the food-safety log's sensor rows (issue 37)", () => {
  test('per device: each day’s lowest, average, highest, readings and hours out of range; its excursions with their actions', () => {
    renderWithProviders(
      <LogSensors
        devices={[fridge, { ...fridge, id: 'd-2', name: 'Freezer', days: [], excursions: [] }]}
        timeZone="Europe/Amsterdam"
      />,
    );
    const section = screen.getByRole('region', { name: 'Temperature sensors' });
    const device = within(section).getByRole('listitem', { name: 'Walk-in fridge' });
    expect(device).toHaveTextContent('Sensor, limits 0 °C to 5 °C');
    const rows = within(within(device).getByRole('table', { name: 'Readings of Walk-in fridge' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayLowestAverageHighestReadingsHours out of range',
      '27 Nov 20262.1 °C3.4 °C4.8 °C14400',
      '28 Nov 20262 °C4.1 °C9.4 °C7002',
    ]);
    const excursions = within(device).getByRole('list', { name: 'Excursions of Walk-in fridge' });
    expect(excursions).toHaveTextContent('Above 5 °C since 28 Nov 2026, 10:00, peak 9.4 °C (live)');
    expect(within(excursions).getByRole('link', { name: 'Corrective action (open)' })).toHaveAttribute(
      'href',
      '/actions/a-7',
    );
    expect(within(section).getByRole('listitem', { name: 'Freezer' })).toHaveTextContent('No readings in this period.');
  });
});
