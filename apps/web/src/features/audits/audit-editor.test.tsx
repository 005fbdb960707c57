import type { AuditDetail, AuditItem } from '@brigade/core/schemas/audits';
import type { Me } from '@brigade/core/schemas/session';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
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
