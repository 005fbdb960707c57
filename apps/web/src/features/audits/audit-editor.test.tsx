// IndexedDB for the outbox, before the outbox module opens its database.
import '../../../test/fake-outbox-db';
import type { AuditDetail, AuditItem } from '@brigade/core/schemas/audits';
import type { Me } from '@brigade/core/schemas/session';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { clearOutbox, enqueue, outboxDb, setOutboxUser } from '../../lib/offline/outbox';
import { AuditEditor } from './audit-editor';

const amsterdam = { id: 'r-ams', name: 'Brigade Amsterdam Centraal' };
const hq: Me = {
  id: 'u-hq',
  name: 'Hannah Quist',
  email: 'hq@example.com',
  role: 'hq',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};
const manager: Me = {
  id: 'u-m',
  name: 'Maya Jansen',
  email: 'manager@example.com',
  role: 'manager',
  restaurants: [amsterdam],
  mustChangePassword: false,
  language: null,
};

function item(id: string, itemText: string, mark: AuditItem['mark'] = null, comment: string | null = null): AuditItem {
  return {
    id,
    templateName: 'Kitchen hygiene',
    itemText,
    orderNum: Number(id.slice(1)),
    mark,
    comment,
    photos: [],
    actions: [],
  };
}

function audit(status: AuditDetail['status'], items: AuditItem[], finalScore: number | null = null): AuditDetail {
  return {
    id: 'a-1',
    restaurant: { ...amsterdam, timeZone: 'Europe/Amsterdam' },
    auditor: { id: 'u-hq', name: 'Hannah Quist' },
    auditedAt: '2026-11-20T09:00:00.000Z',
    status,
    finalScore,
    version: 1,
    templateNames: ['Kitchen hygiene'],
    items,
    signOff: null,
  };
}

const reload = async () => {};

describe('AuditEditor: the scoring preview while hq fills in a draft', () => {
  const draft = audit('draft', [item('i1', 'Fridge below 5 °C'), item('i2', 'Floors clean'), item('i3', 'Hand soap')]);

  test('starts at 0 of 3 assessed and a 0% score so far', () => {
    renderWithProviders(<AuditEditor audit={draft} onReload={reload} />, { me: hq });
    expect(screen.getByText('0 of 3 assessed')).toBeInTheDocument();
    expect(scoreSoFar()).toHaveTextContent('0%');
    expect(screen.getByText('Unassessed items count as 0 until they get a mark.')).toBeInTheDocument();
  });

  test('each mark updates the count and the score, unassessed items counting 0 (core §9)', async () => {
    const { user } = renderWithProviders(<AuditEditor audit={draft} onReload={reload} />, { me: hq });
    await user.click(within(markGroup('Fridge below 5 °C')).getByRole('radio', { name: 'Good' }));
    // 75 + 0 + 0 over 3 = 25
    expect(screen.getByText('1 of 3 assessed')).toBeInTheDocument();
    expect(scoreSoFar()).toHaveTextContent('25%');
    expect(scoreSoFar()).toHaveAttribute('data-colour', 'red');

    await user.click(within(markGroup('Floors clean')).getByRole('radio', { name: 'Excellent' }));
    await user.click(within(markGroup('Hand soap')).getByRole('radio', { name: 'Bad' }));
    // 75 + 100 + 25 over 3 = 66.7, rounded 67: yellow.
    expect(screen.getByText('3 of 3 assessed')).toBeInTheDocument();
    expect(scoreSoFar()).toHaveTextContent('67%');
    expect(scoreSoFar()).toHaveAttribute('data-colour', 'yellow');

    await user.click(within(markGroup('Hand soap')).getByRole('radio', { name: 'Excellent' }));
    // 75 + 100 + 100 over 3 = 91.7, rounded 92: green.
    expect(scoreSoFar()).toHaveTextContent('92%');
    expect(scoreSoFar()).toHaveAttribute('data-colour', 'green');
  });

  test('Submit with items left unmarked says how many remain and marks them', async () => {
    const { user } = renderWithProviders(<AuditEditor audit={draft} onReload={reload} />, { me: hq });
    await user.click(within(markGroup('Floors clean')).getByRole('radio', { name: 'Good' }));
    await user.click(screen.getByRole('button', { name: 'Submit Audit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please assess all items (2 remaining)');
    expect(screen.getAllByText('Choose a mark')).toHaveLength(2);
  });
});

describe('AuditEditor: a completed audit reads as text', () => {
  const completed = audit(
    'completed',
    [
      item('i1', 'Hand sinks stocked', 'needs_improvement', 'No paper towels at the prep sink.'),
      item('i2', 'Floors clean', 'excellent'),
      item('i3', 'Fridge below 5 °C', 'good', '   '),
    ],
    75,
  );

  test('each comment is readable text and no field, disabled or not, is shown', () => {
    renderWithProviders(<AuditEditor audit={completed} onReload={reload} />, { me: hq });
    expect(screen.getByText('No paper towels at the prep sink.')).toBeVisible();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Submit Audit' })).not.toBeInTheDocument();
  });

  test('an item without a comment shows no comment at all, and its mark as a word', () => {
    renderWithProviders(<AuditEditor audit={completed} onReload={reload} />, { me: manager });
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Needs improvement');
    expect(items[0]).toHaveTextContent('Comment:');
    expect(items[1]).toHaveTextContent('Excellent');
    expect(items[1]).not.toHaveTextContent('Comment');
    expect(items[2]).toHaveTextContent('Good');
    expect(items[2]).not.toHaveTextContent('Comment');
  });
});

function markGroup(itemText: string) {
  return screen.getByRole('radiogroup', { name: itemText });
}

/** The "Score so far" badge beside its label. */
function scoreSoFar() {
  const label = screen.getByText('Score so far');
  const badge = label.parentElement?.querySelector('[data-colour]');
  if (!(badge instanceof HTMLElement)) throw new Error('no score badge beside "Score so far"');
  return badge;
}

describe('AuditEditor offline (issue 34): the outbox keeps the draft and the submit', () => {
  const draft = audit('draft', [item('i1', 'Fridge below 5 °C'), item('i2', 'Floors clean')]);

  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setOutboxUser(null);
    await clearOutbox();
  });

  function offline() {
    setOutboxUser(hq.id);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  test("Save Draft then Submit offline: each waits on the device, the submit takes the save's place, nothing is sent", async () => {
    const fetch = offline();
    const { user } = renderWithProviders(<AuditEditor audit={draft} onReload={reload} />, { me: hq });
    await user.click(within(markGroup('Fridge below 5 °C')).getByRole('radio', { name: 'Bad' }));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    const saved = await screen.findByText('Your draft');
    expect(saved.closest('[role="status"]')).toHaveTextContent('Will be sent when you are back online');

    await user.click(within(markGroup('Floors clean')).getByRole('radio', { name: 'Good' }));
    await user.click(screen.getByRole('button', { name: 'Submit Audit' }));
    const submitted = await screen.findByText('Your submit');
    expect(submitted.closest('[role="status"]')).toHaveTextContent('Will be sent when you are back online');
    // Submitted on this device: the marks are kept as sent.
    expect(screen.getByRole('button', { name: 'Submit Audit' })).toBeDisabled();
    expect(within(markGroup('Floors clean')).getByRole('radio', { name: 'Bad' })).toBeDisabled();

    const waiting = await outboxDb.items.orderBy('seq').toArray();
    expect(waiting.map((each) => [each.kind, each.url])).toEqual([['auditSubmit', '/api/audits/a-1/submit']]);
    expect(waiting[0]?.body).toEqual({
      version: 1,
      items: [
        { id: 'i1', mark: 'bad', comment: null },
        { id: 'i2', mark: 'good', comment: null },
      ],
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  test("opened again with a save waiting, the editor shows the person's marks, not the stored ones", async () => {
    offline();
    await enqueue({
      kind: 'auditDraft',
      subject: 'audit:a-1',
      replaceKey: 'audit:a-1:items',
      label: 'Audit',
      method: 'PUT',
      url: '/api/audits/a-1/draft',
      body: {
        version: 1,
        items: [
          { id: 'i1', mark: 'excellent', comment: 'Checked twice' },
          { id: 'i2', mark: null, comment: null },
        ],
      },
    });
    renderWithProviders(<AuditEditor audit={draft} onReload={reload} />, { me: hq });
    await vi.waitFor(() =>
      expect(within(markGroup('Fridge below 5 °C')).getByRole('radio', { name: 'Excellent' })).toBeChecked(),
    );
    expect(screen.getByRole('textbox', { name: 'Comment for Fridge below 5 °C' })).toHaveValue('Checked twice');
    expect(screen.getByText('1 of 2 assessed')).toBeInTheDocument();
  });

  test("a submit refused because the audit was completed elsewhere keeps the person's marks beside the stored audit", async () => {
    offline();
    const refused = await enqueue({
      kind: 'auditSubmit',
      subject: 'audit:a-1',
      label: 'Audit',
      method: 'POST',
      url: '/api/audits/a-1/submit',
      body: {
        version: 1,
        items: [
          { id: 'i1', mark: 'bad', comment: null },
          { id: 'i2', mark: 'good', comment: 'Wet' },
        ],
      },
    });
    await outboxDb.items.update(refused.id, {
      state: 'conflict',
      error: { status: 409, message: 'This audit is completed and can no longer be changed.' },
    });
    const completed = audit(
      'completed',
      [item('i1', 'Fridge below 5 °C', 'excellent'), item('i2', 'Floors clean', 'excellent')],
      100,
    );
    renderWithProviders(<AuditEditor audit={completed} onReload={reload} />, { me: hq });
    const conflict = await screen.findByRole('alert');
    expect(conflict).toHaveTextContent('Your submit was not sent: someone else changed this meanwhile');
    expect(conflict).toHaveTextContent('This audit is completed and can no longer be changed.');
    const mine = within(conflict).getByRole('region', { name: 'Your version' });
    expect(mine).toHaveTextContent('Fridge below 5 °C: Bad');
    expect(mine).toHaveTextContent('Floors clean: Good · Wet');
    expect(within(conflict).getByRole('button', { name: 'Discard mine' })).toBeInTheDocument();
    // The stored audit, read-only, shows the other submit's marks.
    expect(screen.getAllByText('Excellent')).toHaveLength(2);
  });
});
