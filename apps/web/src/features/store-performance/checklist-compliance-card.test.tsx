import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ChecklistComplianceCard } from './checklist-compliance-card';

describe('ChecklistComplianceCard (issue 33)', () => {
  test('on time of due over the last 30 days, with the late and missed ones', () => {
    renderWithProviders(
      <ChecklistComplianceCard compliance={{ percent: 44, onTime: 4, late: 2, missed: 3, due: 9 }} />,
    );
    const card = screen.getByRole('region', { name: 'Checklist Compliance' });
    expect(card).toHaveTextContent('44%');
    expect(card).toHaveTextContent('4 of 9 checklists done on time, last 30 days (2 late, 3 missed)');
  });

  test('"No checklists yet" and a dash when none was due', () => {
    renderWithProviders(
      <ChecklistComplianceCard compliance={{ percent: null, onTime: 0, late: 0, missed: 0, due: 0 }} />,
    );
    const card = screen.getByRole('region', { name: 'Checklist Compliance' });
    expect(card).toHaveTextContent('—');
    expect(card).toHaveTextContent('No checklists yet');
    expect(card).not.toHaveTextContent('%');
  });
});
