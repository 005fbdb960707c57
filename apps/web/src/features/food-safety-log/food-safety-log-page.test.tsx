import { localDay } from '@brigade/core/restaurant-time';
import type { FoodSafetyLog, FoodSafetyLogRecord } from '@brigade/core/schemas/food-safety-log';
import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FoodSafetyLogPage } from './food-safety-log-page';

const manhattan = {
  id: '7f1c1b1e-8a55-4c1e-9d3c-0c1a2b3c4d5e',
  name: 'Brigade Manhattan',
  timeZone: 'America/New_York',
};
const person = (role: Me['role'], restaurants: Me['restaurants']): Me => ({
  id: `u-${role}`,
  name: `${role} person`,
  email: `${role}@example.com`,
  role,
  restaurants,
  mustChangePassword: false,
  language: null,
});
const manager = person('manager', [{ id: manhattan.id, name: manhattan.name }]);
const hq = person('hq', []);
/** The day the page opens on: today where the test runs. */
const today = localDay(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

const temperatures: FoodSafetyLogRecord = {
  id: 'run-1',
  day: today,
  checklist: { id: 'c-1', name: 'Temperature log' },
  start: '08:00',
  end: '09:00',
  opensAt: `${today}T13:00:00.000Z`,
  closesAt: `${today}T14:00:00.000Z`,
  state: 'done',
  submittedBy: { id: 'u-sam', name: 'Sam Staff' },
  submittedAt: `${today}T13:20:00.000Z`,
  failures: 1,
  entries: [
    {
      itemId: 'fridge',
      section: 'Cold storage',
      label: 'Walk-in fridge',
      kind: 'temperature',
      unit: '°C',
      value: 8,
      failed: true,
      note: 'Moved the stock',
      enteredBy: { id: 'u-sam', name: 'Sam Staff' },
      receivedAt: `${today}T13:05:00.000Z`,
      corrections: [
        {
          id: 'k-1',
          value: 5,
          failed: false,
          reason: 'Probe was in the door',
          correctedBy: { id: 'u-maya', name: 'Maya Manager' },
          correctedAt: `${today}T15:00:00.000Z`,
        },
      ],
      action: { id: 'a-1', status: 'open' },
    },
    {
      itemId: 'door',
      section: 'Cold storage',
      label: 'Door seals intact',
      kind: 'yesNo',
      unit: null,
      value: 'yes',
      failed: false,
      note: null,
      enteredBy: null,
      receivedAt: `${today}T13:06:00.000Z`,
      corrections: [],
      action: null,
    },
  ],
};
const missed: FoodSafetyLogRecord = {
  ...temperatures,
  id: 'run-2',
  checklist: { id: 'c-2', name: 'Closing' },
  start: '22:00',
  end: '00:30',
  state: 'missed',
  submittedBy: null,
  submittedAt: null,
  failures: 0,
  entries: [],
};

function logOf(patch: Partial<FoodSafetyLog> = {}): FoodSafetyLog {
  return {
    restaurant: manhattan,
    period: 'day',
    start: today,
    end: today,
    today,
    records: [temperatures, missed],
    signOffs: [],
    ...patch,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API: GETs answer `log()` (as it is at that moment); a sign-off is recorded and answers `signOff()`. */
function stubApi(log: () => Response, signOff: () => Response = () => json({}, 201)) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST') return signOff();
      if (url.startsWith('/api/restaurants/options')) return json([{ id: manhattan.id, name: manhattan.name }]);
      return log();
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the food-safety log page', () => {
  test("a manager reads their restaurant's day: values with who and when, the failure's action, the correction beside the struck-through original", async () => {
    const calls = stubApi(() => json(logOf()));
    renderWithProviders(<FoodSafetyLogPage />, { me: manager });

    expect(await screen.findByText('Brigade Manhattan')).toBeInTheDocument();
    expect(calls[0]?.url).toBe(`/api/food-safety-log?restaurantId=${manhattan.id}&period=day&from=${today}`);
    expect(screen.getByText("Days and times are the restaurant's (America/New_York).")).toBeInTheDocument();

    const record = screen.getByRole('listitem', { name: 'Temperature log · 08:00–09:00' });
    expect(within(record).getByText('Done')).toBeInTheDocument();
    // Times by the restaurant's clock: 13:20 UTC is 08:20 in New York (either side of its clock change).
    expect(within(record).getByText(/Submitted by Sam Staff at .*0[89]:20/)).toBeInTheDocument();
    const original = within(record).getByText('8 °C');
    expect(original.tagName).toBe('S');
    expect(within(record).getByText('Corrected to 5 °C')).toBeInTheDocument();
    expect(within(record).getByText(/by Maya Manager at 1[01]:00\. Reason: Probe was in the door/)).toBeInTheDocument();
    expect(within(record).getByText('Failed')).toBeInTheDocument();
    expect(within(record).getByRole('link', { name: 'Corrective action (open)' })).toHaveAttribute(
      'href',
      '/actions/a-1',
    );
    expect(within(record).getByText('Note: Moved the stock')).toBeInTheDocument();
    // Someone deleted since keeps their value, without a name.
    expect(within(record).getByText(/Deleted user, 0[89]:06/)).toBeInTheDocument();

    const closing = screen.getByRole('listitem', { name: 'Closing · 22:00–00:30' });
    expect(within(closing).getByText('Missed')).toBeInTheDocument();
    expect(within(closing).getByText('Nothing submitted')).toBeInTheDocument();

    const search = `restaurantId=${manhattan.id}&period=day&from=${today}`;
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/food-safety-log/pdf?${search}`,
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/food-safety-log/csv?${search}`,
    );
  });

  test('signing off the day asks first, sends the day, then shows who signed and when', async () => {
    let signed = false;
    const signOff = { period: 'day', startsOn: today, signedBy: 'Maya Manager', signedAt: `${today}T20:03:00.000Z` };
    const calls = stubApi(
      () => json(logOf(signed ? { signOffs: [signOff as FoodSafetyLog['signOffs'][number]] } : {})),
      () => {
        signed = true;
        return json(signOff, 201);
      },
    );
    const { user } = renderWithProviders(<FoodSafetyLogPage />, { me: manager });
    expect(await screen.findByText('Not signed off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign off this day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign off this day?' });
    expect(within(dialog).getByText(/You confirm the food-safety log of Brigade Manhattan/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sign off' }));

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        {
          method: 'POST',
          url: '/api/food-safety-log/sign-offs',
          body: { restaurantId: manhattan.id, period: 'day', startsOn: today },
        },
      ]),
    );
    expect(await screen.findByText(/This day was signed off by Maya Manager at/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign off this day' })).toBeNull();
  });

  test('a period that has not begun cannot be signed off; the week is offered from the Week tab', async () => {
    stubApi(() => json(logOf({ start: '2999-01-01', end: '2999-01-01', records: [] })));
    const { user } = renderWithProviders(<FoodSafetyLogPage />, { me: manager });
    expect(await screen.findByText('No checklist records in this period')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign off this day' })).toBeDisabled();
    expect(screen.getByText('It can be signed off once it has begun.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.at(-1)?.[0]).toContain('period=week'));
  });

  test('a failed load says so and retries', async () => {
    let fail = true;
    stubApi(() =>
      fail ? json({ message: 'Something went wrong on our side. Please try again.' }, 500) : json(logOf()),
    );
    const { user } = renderWithProviders(<FoodSafetyLogPage />, { me: manager });
    expect(await screen.findByText('The food-safety log could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Brigade Manhattan')).toBeInTheDocument();
  });

  test('hq chooses the restaurant first', async () => {
    stubApi(() => json(logOf()));
    const { user } = renderWithProviders(<FoodSafetyLogPage />, { me: hq });
    expect(screen.getByText('Choose a restaurant to see its food-safety log.')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Restaurant' }), 'Manhattan');
    // Mantine's dropdown is hidden from the accessibility tree in jsdom (no layout).
    await user.click(await screen.findByRole('option', { name: 'Brigade Manhattan', hidden: true }));
    expect(await screen.findByRole('listitem', { name: 'Temperature log · 08:00–09:00' })).toBeInTheDocument();
  });
});
