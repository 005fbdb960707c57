import { checklistMessages } from '@brigade/core/checklist-items';
import type { Checklist } from '@brigade/core/schemas/checklists';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { ChecklistForm } from './checklist-form';
import { initialValuesOf, toInput } from './checklist-form-values';

const NORTH = { id: '22222222-2222-4222-8222-222222222222', name: 'Brigade North' };

afterEach(() => {
  vi.unstubAllGlobals();
});

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** One input event for the whole text (typing each character re-renders the long form each time). */
async function fill(
  user: { click: (element: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  input: HTMLElement,
  value: string,
) {
  await user.click(input);
  await user.paste(value);
}

function setTime(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

const stored: Checklist = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Closing',
  restaurant: null,
  allRestaurants: true,
  restaurants: [],
  locked: true,
  isActive: true,
  version: 2,
  content: {
    sections: [
      {
        id: 'section-1',
        title: 'Kitchen',
        items: [
          {
            id: 'item-1',
            label: 'Walk-in fridge',
            kind: 'temperature',
            unit: null,
            min: 0,
            max: 7,
            choices: [],
            failingChoices: [],
            critical: false,
            failInstruction: 'Call the engineer',
            failNeedsPhoto: true,
            failNeedsNote: false,
          },
        ],
      },
    ],
  },
  windows: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      weekdays: [5, 6],
      start: '22:00',
      end: '00:30',
      startsAt: 1320,
      minutes: 150,
    },
  ],
  copiedFromId: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
};

describe('checklist form', () => {
  test('saving an empty checklist shows each field’s message and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(
      <ChecklistForm checklist={null} restaurant={null} restaurantChoices={[NORTH]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save Checklist' }));
    expect(await screen.findByText(checklistMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(checklistMessages.sectionTitleRequired)).toBeInTheDocument();
    expect(screen.getByText(checklistMessages.labelRequired)).toBeInTheDocument();
    expect(screen.getAllByText(checklistMessages.invalidTime)).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a temperature item asks for its critical low and high in °C; a window ending before it starts crosses midnight', async () => {
    const fetch = vi.fn(async () => jsonResponse(201, stored));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(
      <ChecklistForm checklist={null} restaurant={null} restaurantChoices={[NORTH]} />,
    );
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Closing');
    await fill(user, screen.getByRole('textbox', { name: 'Section title' }), 'Kitchen');
    const item = screen.getByRole('group', { name: 'Item 1' });
    await fill(user, within(item).getByRole('textbox', { name: 'Item text' }), 'Walk-in fridge');
    await user.click(within(item).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Temperature (°C)', hidden: true }));
    await fill(user, within(item).getByRole('textbox', { name: 'Critical low (°C)' }), '0');
    await fill(user, within(item).getByRole('textbox', { name: 'Critical high (°C)' }), '7');
    await fill(user, within(item).getByRole('textbox', { name: 'What to do when it fails' }), 'Call the engineer');
    await user.click(within(item).getByRole('checkbox', { name: 'A failure needs a photo' }));

    const window = screen.getByRole('group', { name: 'Window 1' });
    expect(within(window).queryByText(/Crosses midnight/)).toBeNull();
    setTime(within(window).getByLabelText(/^Start/), '22:00');
    setTime(within(window).getByLabelText(/^End/), '00:30');
    expect(within(window).getByText('Crosses midnight: it ends the next day.')).toBeInTheDocument();
    await user.click(within(window).getByRole('checkbox', { name: 'Mon' }));

    await user.click(screen.getByRole('switch', { name: /^Locked against local changes/ }));
    await user.click(screen.getByRole('button', { name: 'Save Checklist' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checklists');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      name: 'Closing',
      restaurantId: null,
      allRestaurants: true,
      restaurantIds: [],
      locked: true,
      windows: [{ weekdays: [2, 3, 4, 5, 6, 7], start: '22:00', end: '00:30' }],
    });
    expect(body.content.sections[0]).toMatchObject({ title: 'Kitchen' });
    expect(body.content.sections[0].items[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      label: 'Walk-in fridge',
      kind: 'temperature',
      unit: null,
      min: 0,
      max: 7,
      choices: [],
      failingChoices: [],
      critical: false,
      failInstruction: 'Call the engineer',
      failNeedsPhoto: true,
      failNeedsNote: false,
    });
  });

  test('the server’s field messages are shown at their fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          message: checklistMessages.rangeOrder,
          fields: {
            'content.sections.0.items.0.max': checklistMessages.rangeOrder,
            'windows.0.end': checklistMessages.invalidLength,
          },
        }),
      ),
    );
    const { user } = renderWithProviders(
      <ChecklistForm checklist={stored} restaurant={null} restaurantChoices={[NORTH]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save Checklist' }));
    const high = await screen.findByRole('textbox', { name: 'Critical high (°C)' });
    await waitFor(() => expect(high).toHaveAccessibleDescription(checklistMessages.rangeOrder));
    const end = within(screen.getByRole('group', { name: 'Window 1' })).getByLabelText(/^End/);
    expect(end).toHaveAccessibleDescription(checklistMessages.invalidLength);
  });

  test('a manager’s checklist names their restaurant and offers neither restaurants nor the lock', () => {
    renderWithProviders(<ChecklistForm checklist={null} restaurant={NORTH} restaurantChoices={[]} />);
    expect(screen.getByText('Only for Brigade North.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'All restaurants' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /^Locked against local changes/ })).toBeNull();
  });

  test('items move and are removed with their buttons; a new item gets focus', async () => {
    const { user } = renderWithProviders(<ChecklistForm checklist={stored} restaurant={null} restaurantChoices={[]} />);
    await user.click(screen.getByRole('button', { name: 'Add item to section 1' }));
    const second = screen.getByRole('group', { name: 'Item 2' });
    const text = within(second).getByRole('textbox', { name: 'Item text' });
    await waitFor(() => expect(text).toHaveFocus());
    await fill(user, text, 'Door seals');
    await user.click(screen.getByRole('button', { name: 'Move item 2 up' }));
    const labels = () =>
      screen.getAllByRole('textbox', { name: 'Item text' }).map((input) => (input as HTMLInputElement).value);
    expect(labels()).toEqual(['Door seals', 'Walk-in fridge']);
    // At the top its Move up is disabled: focus stays on the item, on Move down.
    expect(screen.getByRole('button', { name: 'Move item 1 down' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(labels()).toEqual(['Walk-in fridge']);
    expect(screen.queryByRole('button', { name: 'Remove item 1' })).toBeNull();
  });
});

describe('what the form sends', () => {
  test('each item carries only its kind’s fields; kept windows their ids, new ones none', () => {
    const values = initialValuesOf(stored);
    const [section] = values.content.sections;
    if (!section?.items[0]) throw new Error('no item');
    section.items[0] = {
      ...section.items[0],
      kind: 'choice',
      unit: 'kg',
      choices: ['Fresh', 'Old'],
      failingChoices: ['Old', 'Gone'],
    };
    values.windows.push({ key: 'new', weekdays: [1], start: '08:00', end: '09:00' });
    const input = toInput(values, null);
    expect(input.content.sections[0]?.items[0]).toMatchObject({
      kind: 'choice',
      unit: null,
      min: null,
      max: null,
      choices: ['Fresh', 'Old'],
      failingChoices: ['Old'],
      failInstruction: 'Call the engineer',
    });
    expect(input.windows).toEqual([
      { id: stored.windows[0]?.id, weekdays: [5, 6], start: '22:00', end: '00:30' },
      { weekdays: [1], start: '08:00', end: '09:00' },
    ]);
  });
});
