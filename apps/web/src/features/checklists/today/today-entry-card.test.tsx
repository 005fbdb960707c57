import type { TodayEntry } from '@brigade/core/schemas/checklists';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { TodayEntryCard } from './today-entry-card';

const entry: TodayEntry = {
  runId: 'run-1',
  checklist: { id: 'c-1', name: 'Fridge log' },
  start: '08:00',
  end: '09:00',
  opensAt: '2026-11-20T07:00:00.000Z',
  closesAt: '2026-11-20T08:00:00.000Z',
  state: 'open',
  answered: 1,
  itemCount: 3,
  failures: 0,
  submittedBy: null,
  submittedAt: null,
};

describe("Today's card: a record with changes still on this device (issue 34)", () => {
  test('says how many changes wait, that a submit waits, or that one was refused', () => {
    const { rerender } = renderWithProviders(<TodayEntryCard entry={entry} timeZone="Europe/Amsterdam" />);
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();

    rerender(
      <TodayEntryCard
        entry={entry}
        timeZone="Europe/Amsterdam"
        waiting={{ count: 2, submit: false, refused: false }}
      />,
    );
    expect(screen.getByText('2 changes waiting to be sent')).toBeInTheDocument();

    rerender(
      <TodayEntryCard entry={entry} timeZone="Europe/Amsterdam" waiting={{ count: 4, submit: true, refused: false }} />,
    );
    expect(screen.getByText('Submitted on this device: waiting to be sent')).toBeInTheDocument();

    rerender(
      <TodayEntryCard entry={entry} timeZone="Europe/Amsterdam" waiting={{ count: 4, submit: true, refused: true }} />,
    );
    expect(screen.getByText('Your changes were not saved: open the record')).toBeInTheDocument();
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
  });
});
