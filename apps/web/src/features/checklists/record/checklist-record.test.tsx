// The outbox keeps changes in IndexedDB (issue 34): jsdom has none.
import 'fake-indexeddb/auto';
import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import type { Me } from '@brigade/core/schemas/session';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { clearOutbox, outboxDb, setOutboxUser, syncNow } from '../../../lib/offline/outbox';
import { queueSubmit, queueValue } from './checklist-outbox';
import { ChecklistRunPage } from './checklist-run-page';
import { FillForm } from './fill-form';
import { ReadView } from './read-view';

const amsterdam = { id: 'r-ams', name: 'Brigade Amsterdam Centraal', timeZone: 'Europe/Amsterdam' };
const person = (role: Me['role'], name: string): Me => ({
  id: `u-${role}`,
  name,
  email: `${role}@example.com`,
  role,
  restaurants: [{ id: amsterdam.id, name: amsterdam.name }],
  mustChangePassword: false,
  language: null,
});
const staff = person('staff', 'Sam Bakker');
const manager = person('manager', 'Maya Jansen');

const base = {
  critical: false,
  unit: null,
  min: null,
  max: null,
  choices: [],
  failingChoices: [],
  failInstruction: null,
  failNeedsPhoto: false,
  failNeedsNote: false,
};

function run(patch: Partial<ChecklistRun> = {}): ChecklistRun {
  return {
    id: 'run-1',
    checklist: { id: 'c-1', name: 'Temperature log' },
    restaurant: amsterdam,
    day: '2026-11-20',
    start: '08:00',
    end: '09:00',
    opensAt: '2026-11-20T07:00:00.000Z',
    closesAt: '2026-11-20T08:00:00.000Z',
    state: 'open',
    version: 1,
    content: {
      sections: [
        {
          id: 's1',
          title: 'Fridges',
          items: [
            {
              ...base,
              id: 'walk-in',
              label: 'Walk-in fridge',
              kind: 'temperature',
              min: 0,
              max: 5,
              failInstruction: 'Move the food and call the engineer',
              failNeedsNote: true,
            },
            { ...base, id: 'display', label: 'Display fridge', kind: 'temperature', min: 0, max: 5 },
          ],
        },
      ],
    },
    values: [],
    corrections: [],
    photos: [],
    actions: [],
    submittedBy: null,
    submittedAt: null,
    submitReceivedAt: null,
    submitClockOffsetSeconds: null,
    canFill: true,
    canCorrect: false,
    ...patch,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as far as the form uses it: every PUT is recorded and answers the record; submits answer `submitted`. */
function stubApi(submitted: () => Response = () => json(run({ canFill: false, state: 'done' }))) {
  const puts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push({ url, body: JSON.parse(String(init.body)) });
        return json(run());
      }
      if (init?.method === 'POST' && url.endsWith('/submit')) return submitted();
      return json(run());
    }),
  );
  return puts;
}

/** Whether the browser says it is connected; `online` fires as the real one does. */
function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(() => {
  setOutboxUser(staff.id);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setOnline(true);
  setOutboxUser(null);
  await clearOutbox();
});

describe('FillForm: filling a record on a phone', () => {
  test('an out-of-range temperature shows its instruction at once and asks for the note; a decimal comma is a number', async () => {
    const puts = stubApi();
    const { user } = renderWithProviders(<FillForm run={run()} />, { me: staff });

    const walkIn = screen.getByRole('textbox', { name: 'Walk-in fridge' });
    expect(walkIn).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getAllByText('Allowed: 0–5 °C')).toHaveLength(2);
    await user.type(walkIn, '9');
    const card = screen.getByRole('listitem', { name: 'Walk-in fridge' });
    // Core's failureOf decides on the spot, before the value is sent.
    expect(within(card).getByRole('alert')).toHaveTextContent('Move the food and call the engineer');
    expect(within(card).getByText('A failure needs a note')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Display fridge' }), '3,5');
    expect(within(screen.getByRole('listitem', { name: 'Display fridge' })).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(puts.map((put) => put.url)).toContain('/api/checklist-runs/run-1/items/display'), {
      timeout: 5000,
    });
    expect(puts.find((put) => put.url.endsWith('/display'))?.body).toEqual({ value: 3.5, note: null });
    expect(puts.find((put) => put.url.endsWith('/walk-in'))?.body).toEqual({ value: 9, note: null });
  });

  test('Submit waits for every item and the required note, with the reason shown; a refused submit says why and can be taken back', async () => {
    stubApi(() => json({ message: 'The walk-in fridge probe is broken' }, 400));
    const { user } = renderWithProviders(<FillForm run={run()} />, { me: staff });
    const submit = screen.getByRole('button', { name: 'Submit checklist' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('Fill in every item before submitting (2 items left)')).toBeInTheDocument();
    expect(screen.getAllByText('0 of 2')).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: 'Walk-in fridge' }), '7');
    await user.type(screen.getByRole('textbox', { name: 'Display fridge' }), '4');
    expect(screen.getAllByText('2 of 2')).toHaveLength(2);
    expect(screen.getByText('Fill in every item before submitting (1 item left)')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Note for Walk-in fridge' }), 'Door was open');
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(submit);
    const refused = await screen.findByRole('alert', { name: 'Not submitted' }, { timeout: 5000 });
    expect(refused).toHaveTextContent('The walk-in fridge probe is broken');
    // While a submit is in the outbox the values cannot change behind it.
    expect(screen.getByRole('textbox', { name: 'Walk-in fridge' })).toBeDisabled();
    await user.click(within(refused).getByRole('button', { name: 'Cancel the submit and edit' }));
    expect(await screen.findByRole('button', { name: 'Submit checklist' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Walk-in fridge' })).toBeEnabled();
  });
});

describe('FillForm: the other kinds of item', () => {
  test('a tick, a critical yes/no and a choice save at once; "no" and a failing choice show their instruction', async () => {
    const puts = stubApi();
    const content = {
      sections: [
        {
          id: 's1',
          title: 'Closing',
          items: [
            { ...base, id: 'lights', label: 'Lights off', kind: 'tick' as const },
            {
              ...base,
              id: 'door',
              label: 'Back door locked',
              kind: 'yesNo' as const,
              critical: true,
              failInstruction: 'Lock it and tell the manager',
            },
            {
              ...base,
              id: 'oil',
              label: 'Fryer oil',
              kind: 'choice' as const,
              choices: ['Fresh', 'Used', 'Dark'],
              failingChoices: ['Dark'],
              failInstruction: 'Change the oil before service',
            },
          ],
        },
      ],
    };
    const { user } = renderWithProviders(<FillForm run={run({ content })} />, { me: staff });

    await user.click(screen.getByRole('checkbox', { name: 'Lights off' }));
    expect(screen.getByRole('checkbox', { name: 'Lights off' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Back door locked' })).getByLabelText('No'));
    expect(within(screen.getByRole('listitem', { name: 'Back door locked' })).getByRole('alert')).toHaveTextContent(
      'Lock it and tell the manager',
    );
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(within(screen.getByRole('listitem', { name: 'Fryer oil' })).getByRole('alert')).toHaveTextContent(
      'Change the oil before service',
    );
    await waitFor(() => expect(puts).toHaveLength(3), { timeout: 5000 });
    expect(puts.map((put) => [put.url.split('/').at(-1), put.body])).toEqual([
      ['lights', { value: true, note: null }],
      ['door', { value: 'no', note: null }],
      ['oil', { value: 'Dark', note: null }],
    ]);
  });
});

describe('ReadView: a submitted record', () => {
  const submitted = run({
    state: 'done',
    canFill: false,
    submittedBy: { id: 'u-staff', name: 'Sam Bakker' },
    submittedAt: '2026-11-20T07:12:00.000Z',
    values: [
      {
        itemId: 'walk-in',
        value: 9,
        failed: true,
        note: 'Door was open',
        enteredBy: { id: 'u-staff', name: 'Sam Bakker' },
        receivedAt: '2026-11-20T07:05:00.000Z',
        recordedAt: null,
        clockOffsetSeconds: null,
      },
      {
        itemId: 'display',
        value: 3.5,
        failed: false,
        note: null,
        enteredBy: { id: 'u-staff', name: 'Sam Bakker' },
        receivedAt: '2026-11-20T07:06:00.000Z',
        recordedAt: null,
        clockOffsetSeconds: null,
      },
    ],
    corrections: [
      {
        id: 'k-1',
        itemId: 'display',
        value: 4.2,
        failed: false,
        reason: 'Read the wrong probe',
        correctedBy: { id: 'u-manager', name: 'Maya Jansen' },
        correctedAt: '2026-11-20T08:40:00.000Z',
      },
    ],
    actions: [{ itemId: 'walk-in', id: 'act-9', status: 'open' }],
  });

  test('each value with who entered it and when, in the restaurant’s time; a correction beside the struck-through original', () => {
    renderWithProviders(<ReadView run={submitted} />, { me: staff });
    const walkIn = screen.getByRole('listitem', { name: 'Walk-in fridge' });
    expect(within(walkIn).getByText('Failed')).toBeInTheDocument();
    expect(within(walkIn).getByText('9 °C')).toBeInTheDocument();
    expect(within(walkIn).getByText('Entered by Sam Bakker at 08:05')).toBeInTheDocument();
    expect(within(walkIn).getByRole('link', { name: 'Corrective action (open)' })).toHaveAttribute(
      'href',
      '/actions/act-9',
    );

    const display = screen.getByRole('listitem', { name: 'Display fridge' });
    const original = display.querySelector('s');
    expect(original).toHaveTextContent('3.5 °C');
    expect(within(display).getByText('Original value:')).toBeInTheDocument();
    expect(within(display).getByText('Corrected to 4.2 °C')).toBeInTheDocument();
    expect(within(display).getByText(/by Maya Jansen at 09:40\. Reason: Read the wrong probe/)).toBeInTheDocument();
    // Staff cannot correct.
    expect(screen.queryByRole('button', { name: /^Correct / })).toBeNull();
  });

  test('a manager corrects an item in a form that asks for a reason', async () => {
    stubApi();
    const { user } = renderWithProviders(<ReadView run={{ ...submitted, canCorrect: true }} />, { me: manager });
    await user.click(screen.getByRole('button', { name: 'Correct Walk-in fridge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct Walk-in fridge' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Walk-in fridge' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Walk-in fridge' }), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
  });
});

/** The page at its address, as the router draws it. */
function RunPageAt({ id }: { id: string }) {
  return (
    <Routes location={`/checklists/${id}`}>
      <Route path="/checklists/:id" element={<ChecklistRunPage />} />
    </Routes>
  );
}

describe('ChecklistRunPage: what the clock and other people mean for a record', () => {
  const filled = {
    values: [
      {
        itemId: 'walk-in',
        value: 3,
        failed: false,
        note: null,
        enteredBy: null,
        receivedAt: '2026-11-20T07:05:00.000Z',
        recordedAt: null,
        clockOffsetSeconds: null,
      },
      {
        itemId: 'display',
        value: 4,
        failed: false,
        note: null,
        enteredBy: null,
        receivedAt: '2026-11-20T07:06:00.000Z',
        recordedAt: null,
        clockOffsetSeconds: null,
      },
    ],
  };

  test('a window closed less than a day ago may still be filled, and says it will be recorded as late', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(run({ state: 'missed', canFill: true }))),
    );
    renderWithProviders(<RunPageAt id="run-1" />, { me: staff });
    expect(
      await screen.findByText('This window closed at 09:00 — your submission will be recorded as late.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Missed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit checklist' })).toBeInTheDocument();
  });

  test('when someone else submitted first, the record is read again and shows who and when', async () => {
    const theirs = run({
      ...filled,
      state: 'done',
      canFill: false,
      submittedBy: { id: 'u-noor', name: 'Noor de Boer' },
      submittedAt: '2026-11-20T07:12:00.000Z',
    });
    let submitted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          submitted = true;
          return json({ message: 'This checklist was already submitted' }, 409);
        }
        return json(submitted ? theirs : run(filled));
      }),
    );
    const { user } = renderWithProviders(<RunPageAt id="run-1" />, { me: staff });
    const submit = await screen.findByRole('button', { name: 'Submit checklist' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Submitted by Noor de Boer at 08:12', {}, { timeout: 5000 })).toBeInTheDocument();
    const conflict = await screen.findByRole('alert', {
      name: 'Submitted by Noor de Boer at 08:12 while you were offline',
    });
    expect(conflict).toHaveTextContent('Your values and your submit were not saved');
    expect(screen.queryByRole('button', { name: 'Submit checklist' })).toBeNull();
  });
});

/** Every request the page makes, with its headers, answering as `answer` says. */
function recordRequests(answer: (method: string, url: string) => Response) {
  const requests: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, headers: (init?.headers ?? {}) as Record<string, string>, body });
      return answer(method, url);
    }),
  );
  return requests;
}

describe('Offline (issue 34): changes wait on the device and go once back online', () => {
  test('offline, each value and the submit wait in the outbox; back online they are sent in order, each with its own key and the time it was made', async () => {
    setOnline(false);
    const requests = recordRequests((method, url) =>
      method === 'POST' && url.endsWith('/submit') ? json(run({ canFill: false, state: 'done' })) : json(run()),
    );
    const { user } = renderWithProviders(<FillForm run={run()} />, { me: staff });

    await user.type(screen.getByRole('textbox', { name: 'Walk-in fridge' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Display fridge' }), '4');
    await user.tab();
    for (const label of ['Walk-in fridge', 'Display fridge']) {
      expect(
        await within(screen.getByRole('listitem', { name: label })).findByText(
          'Waiting to be sent: on this device until you are back online',
          {},
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
    }
    const submit = screen.getByRole('button', { name: 'Submit checklist' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(
      await screen.findByText('Will be submitted when you are back online', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(requests).toEqual([]);
    expect(await outboxDb.items.count()).toBe(3);

    await act(async () => {
      setOnline(true);
      await syncNow();
    });
    await waitFor(() => expect(requests).toHaveLength(3), { timeout: 5000 });
    expect(requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['PUT', '/api/checklist-runs/run-1/items/walk-in', { value: 3, note: null }],
      ['PUT', '/api/checklist-runs/run-1/items/display', { value: 4, note: null }],
      ['POST', '/api/checklist-runs/run-1/submit', undefined],
    ]);
    const keys = requests.map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    for (const request of requests) {
      expect(Date.parse(request.headers['x-recorded-at'] ?? '')).not.toBeNaN();
      expect(Date.parse(request.headers['x-sent-at'] ?? '')).toBeGreaterThanOrEqual(
        Date.parse(request.headers['x-recorded-at'] ?? ''),
      );
    }
  });

  test('a value still waiting from before a reload is laid over the record as loaded', async () => {
    setOnline(false);
    await queueValue('run-1', 'display', { value: 2.5, note: null }, 'Temperature log · Display fridge', staff.id);
    renderWithProviders(<FillForm run={run()} />, { me: staff });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Display fridge' })).toHaveValue('2.5'));
    expect(
      within(screen.getByRole('listitem', { name: 'Display fridge' })).getByText(
        'Waiting to be sent: on this device until you are back online',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Walk-in fridge' })).toHaveValue('');
  });

  test('a value the server refuses shows its reason, holds the later ones, and can be retried', async () => {
    let refuse = true;
    recordRequests((method) =>
      method === 'PUT' && refuse
        ? json({ message: 'Invalid value', fields: { value: 'Enter a temperature between -50 and 400' } }, 400)
        : json(run()),
    );
    const { user } = renderWithProviders(<FillForm run={run()} />, { me: staff });
    await user.type(screen.getByRole('textbox', { name: 'Display fridge' }), '4');
    const card = screen.getByRole('listitem', { name: 'Display fridge' });
    expect(
      await within(card).findByText('Not saved: Enter a temperature between -50 and 400', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The field says it too, where the value was typed.
    expect(within(card).getByRole('textbox', { name: 'Display fridge' })).toHaveAttribute('aria-invalid', 'true');
    // A later value of the record waits behind the refused one: the outbox keeps their order.
    await user.type(screen.getByRole('textbox', { name: 'Walk-in fridge' }), '3');
    const walkIn = screen.getByRole('listitem', { name: 'Walk-in fridge' });
    expect(
      await within(walkIn).findByText('Waiting: an earlier change to this record was not saved', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('Saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await within(walkIn).findByText('Saved', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  test('a value the device cannot keep says so and can be tried again', async () => {
    const puts = stubApi();
    const transaction = vi.spyOn(outboxDb, 'transaction').mockRejectedValueOnce(new Error('QuotaExceededError'));
    const { user } = renderWithProviders(<FillForm run={run()} />, { me: staff });
    await user.type(screen.getByRole('textbox', { name: 'Display fridge' }), '4');
    const card = screen.getByRole('listitem', { name: 'Display fridge' });
    expect(
      await within(card).findByText(
        'Not saved: This change could not be kept on this device. Try again.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    transaction.mockRestore();
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('Saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(puts.map((put) => put.body)).toEqual([{ value: 4, note: null }]);
  });

  test('a record someone else submitted meanwhile: who and when, both versions, and Discard mine after a confirmation', async () => {
    setOnline(false);
    await queueValue('run-1', 'display', { value: 2, note: null }, 'Temperature log · Display fridge', staff.id);
    await queueSubmit('run-1', 'Temperature log', staff.id);
    const theirs = run({
      state: 'done',
      canFill: false,
      submittedBy: { id: 'u-noor', name: 'Noor de Boer' },
      submittedAt: '2026-11-20T07:12:00.000Z',
      values: [
        {
          itemId: 'display',
          value: 4,
          failed: false,
          note: null,
          enteredBy: { id: 'u-noor', name: 'Noor de Boer' },
          receivedAt: '2026-11-20T07:06:00.000Z',
          recordedAt: null,
          clockOffsetSeconds: null,
        },
      ],
    });
    const requests = recordRequests((method) =>
      method === 'GET' ? json(theirs) : json({ message: 'This checklist was already submitted' }, 409),
    );
    const { user } = renderWithProviders(<RunPageAt id="run-1" />, { me: staff });
    await screen.findByRole('heading', { name: 'Temperature log' });
    await act(async () => {
      setOnline(true);
      await syncNow();
    });

    const conflict = await screen.findByRole(
      'alert',
      { name: 'Submitted by Noor de Boer at 08:12 while you were offline' },
      { timeout: 5000 },
    );
    const row = within(within(conflict).getByRole('table', { name: 'Both versions' })).getByRole('row', {
      name: /Display fridge/,
    });
    expect(within(row).getByText('4 °C')).toBeInTheDocument();
    expect(within(row).getByText('2 °C')).toBeInTheDocument();
    // The value was refused, so the submit behind it was never sent.
    expect(requests.filter((request) => request.method !== 'GET').map((request) => request.url)).toEqual([
      '/api/checklist-runs/run-1/items/display',
    ]);

    await user.click(within(conflict).getByRole('button', { name: 'Discard mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveTextContent('Your 2 changes to this record are deleted from this device');
    await user.click(within(dialog).getByRole('button', { name: 'Discard mine' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Both versions' })).toBeNull());
    expect(await outboxDb.items.count()).toBe(0);
    expect(screen.getByText('Submitted by Noor de Boer at 08:12')).toBeInTheDocument();
  });

  test('a value and a submit made offline show when they were made and received, and a clock more than 10 minutes off is flagged', async () => {
    const offline = run({
      state: 'done',
      canFill: false,
      submittedBy: { id: 'u-staff', name: 'Sam Bakker' },
      submittedAt: '2026-11-20T07:15:00.000Z',
      submitReceivedAt: '2026-11-20T08:12:00.000Z',
      submitClockOffsetSeconds: 30,
      values: [
        {
          itemId: 'walk-in',
          value: 3,
          failed: false,
          note: null,
          enteredBy: { id: 'u-staff', name: 'Sam Bakker' },
          receivedAt: '2026-11-20T08:12:00.000Z',
          recordedAt: '2026-11-20T07:05:00.000Z',
          clockOffsetSeconds: 1500,
        },
        {
          itemId: 'display',
          value: 4,
          failed: false,
          note: null,
          enteredBy: { id: 'u-staff', name: 'Sam Bakker' },
          receivedAt: '2026-11-20T07:06:00.000Z',
          recordedAt: null,
          clockOffsetSeconds: null,
        },
      ],
    });
    recordRequests(() => json(offline));
    renderWithProviders(<RunPageAt id="run-1" />, { me: staff });

    expect(await screen.findByText('Recorded at 08:15 on this device, received 09:12')).toBeInTheDocument();
    const walkIn = screen.getByRole('listitem', { name: 'Walk-in fridge' });
    expect(within(walkIn).getByText('Entered by Sam Bakker at 08:05')).toBeInTheDocument();
    expect(within(walkIn).getByText('Recorded at 08:05 on this device, received 09:12')).toBeInTheDocument();
    expect(
      within(walkIn).getByText("The phone's clock was 25 minutes off: the time shown is corrected"),
    ).toBeInTheDocument();
    const display = screen.getByRole('listitem', { name: 'Display fridge' });
    expect(within(display).queryByText(/on this device/)).toBeNull();
    // The submit's clock was 30 seconds off: nothing to flag.
    expect(screen.getAllByText(/clock was/)).toHaveLength(1);
  });
});
