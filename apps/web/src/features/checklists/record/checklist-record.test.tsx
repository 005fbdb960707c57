import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FillForm: filling a record on a phone', () => {
  test('an out-of-range temperature shows its instruction at once and asks for the note; a decimal comma is a number', async () => {
    const puts = stubApi();
    const { user } = renderWithProviders(<FillForm run={run()} onClosed={() => {}} />, { me: staff });

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
    await waitFor(() => expect(puts.map((put) => put.url)).toContain('/api/checklist-runs/run-1/items/display'));
    expect(puts.find((put) => put.url.endsWith('/display'))?.body).toEqual({ value: 3.5, note: null });
    expect(puts.find((put) => put.url.endsWith('/walk-in'))?.body).toEqual({ value: 9, note: null });
  });

  test('Submit waits for every item and the required note, with the reason shown; a 409 reports who was first', async () => {
    stubApi(() => json({ message: 'This checklist was already submitted' }, 409));
    const onClosed = vi.fn();
    const { user } = renderWithProviders(<FillForm run={run()} onClosed={onClosed} />, { me: staff });
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
    await waitFor(() => expect(onClosed).toHaveBeenCalledWith('This checklist was already submitted'));
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
    const { user } = renderWithProviders(<FillForm run={run({ content })} onClosed={() => {}} />, { me: staff });

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
    await waitFor(() => expect(puts).toHaveLength(3));
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
      },
      {
        itemId: 'display',
        value: 3.5,
        failed: false,
        note: null,
        enteredBy: { id: 'u-staff', name: 'Sam Bakker' },
        receivedAt: '2026-11-20T07:06:00.000Z',
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
      },
      {
        itemId: 'display',
        value: 4,
        failed: false,
        note: null,
        enteredBy: null,
        receivedAt: '2026-11-20T07:06:00.000Z',
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
    expect(await screen.findByText('Submitted by Noor de Boer at 08:12')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This checklist was already submitted');
    expect(screen.queryByRole('button', { name: 'Submit checklist' })).toBeNull();
  });
});
