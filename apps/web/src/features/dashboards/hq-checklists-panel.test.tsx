import type { HqChecklistsPanel as Panel } from '@brigade/core/schemas/checklist-counts';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HqChecklistsPanel } from './hq-checklists-panel';

const panel: Panel = {
  done: 7,
  due: 10,
  missed: 2,
  failures: 3,
  restaurantCount: 4,
  missedRestaurantCount: 1,
  restaurants: [
    { restaurant: { id: 'r-east', name: 'Brigade East' }, done: 2, due: 5, missed: 2, failures: 3 },
    { restaurant: { id: 'r-west', name: 'Brigade West' }, done: 5, due: 5, missed: 0, failures: 0 },
    { restaurant: { id: 'r-later', name: 'Brigade Later' }, done: 0, due: 0, missed: 0, failures: 0 },
  ],
};

describe('HqChecklistsPanel (issue 33)', () => {
  test("the chain's totals, then each restaurant linking to its food-safety log, in the server's order", () => {
    renderWithProviders(<HqChecklistsPanel panel={panel} />);
    const section = screen.getByRole('region', { name: 'Checklists Today' });
    expect(section).toHaveTextContent('7 of 10 due done · 2 missed at 1 restaurant · 3 failed in 7 days');

    const list = within(section).getByRole('list', { name: "Restaurants' checklists today" });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Brigade East2 of 5 done2 missed3 failed',
      'Brigade West5 of 5 done',
      'Brigade LaterNothing due yet',
      'and 1 more restaurant',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Brigade East' })).toHaveAttribute(
      'href',
      '/food-safety-log?restaurantId=r-east',
    );
    expect(within(section).getByRole('link', { name: 'Food safety log' })).toHaveAttribute('href', '/food-safety-log');
  });

  test('none missed, and no restaurant with checklists today: an empty state', () => {
    renderWithProviders(
      <HqChecklistsPanel
        panel={{
          ...panel,
          done: 0,
          due: 0,
          missed: 0,
          failures: 0,
          restaurantCount: 0,
          missedRestaurantCount: 0,
          restaurants: [],
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Checklists Today' });
    expect(section).toHaveTextContent('0 of 0 due done · none missed · 0 failed in 7 days');
    expect(within(section).getByRole('status')).toHaveTextContent('No checklists today');
    expect(within(section).queryByRole('list')).toBeNull();
  });

  test('while the dashboard loads: the heading and a skeleton, no figures', () => {
    renderWithProviders(<HqChecklistsPanel panel={undefined} />);
    const section = screen.getByRole('region', { name: 'Checklists Today' });
    expect(section).toHaveTextContent("Each restaurant's day, in its own time zone");
    expect(within(section).queryByRole('list')).toBeNull();
  });
});
