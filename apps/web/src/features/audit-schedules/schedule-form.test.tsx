import { scheduleMessages } from '@brigade/core/schedule-messages';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ScheduleForm } from './schedule-form';

const templates = [{ id: '11111111-1111-4111-8111-111111111111', name: 'Food safety' }];
const restaurants = [{ id: '22222222-2222-4222-8222-222222222222', name: 'Brigade Utrecht Neude' }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('schedule form', () => {
  test('offers the four cadences with their labels, Weekly first', async () => {
    const { user } = renderWithProviders(
      <ScheduleForm schedule={null} templates={templates} restaurants={restaurants} onDone={() => {}} />,
    );
    const cadence = screen.getByRole('combobox', { name: /how often/i });
    expect(cadence).toHaveValue('Weekly');
    await user.click(cadence);
    const listbox = await screen.findByRole('listbox', { hidden: true, name: /how often/i });
    const options = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(options).toEqual(['Weekly', 'Every 2 weeks', 'Monthly', 'Quarterly']);
  });

  test('saving without a name, a template or a chosen restaurant shows each field’s message and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(
      <ScheduleForm schedule={null} templates={templates} restaurants={restaurants} onDone={() => {}} />,
    );
    expect(screen.queryByRole('textbox', { name: /chosen restaurants/i })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Chosen restaurants' }));
    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));
    expect(await screen.findByText(scheduleMessages.scheduleNameRequired)).toBeInTheDocument();
    expect(screen.getByText(scheduleMessages.scheduleNeedsTemplate)).toBeInTheDocument();
    expect(screen.getByText(scheduleMessages.scheduleNeedsRestaurant)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
