import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { trainingCategoriesQueryKey } from '../lib/api/query-keys';
import { CategoryFilter } from './category-filter';

const categories = [
  { id: 'c-food', name: 'Food Safety' },
  { id: 'c-hygiene', name: 'Hygiene' },
  { id: 'c-onboarding', name: 'Onboarding' },
];

function withCategories(data = categories) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(trainingCategoriesQueryKey, data);
  return queryClient;
}

/** The filter as a page holds it: the chosen ids in state. */
function Harness({ onChange }: { onChange?: (ids: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <CategoryFilter
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('CategoryFilter', () => {
  test('a chip per category under the legend, none chosen at first (none means all)', () => {
    renderWithProviders(<Harness />, { queryClient: withCategories() });
    const group = screen.getByRole('group', { name: 'Filter by category' });
    for (const { name } of categories) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
    expect(group).toContainElement(screen.getByRole('button', { name: 'Select All' }));
  });

  test('Select All chooses every category and turns into Deselect All, which clears them', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />, { queryClient: withCategories() });

    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith(['c-food', 'c-hygiene', 'c-onboarding']);
    for (const { name } of categories) expect(screen.getByRole('checkbox', { name })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    for (const { name } of categories) expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Select All' })).toBeInTheDocument();
  });

  test('choosing every chip by hand also offers Deselect All', async () => {
    const { user } = renderWithProviders(<Harness />, { queryClient: withCategories() });
    for (const { name } of categories) await user.click(screen.getByRole('checkbox', { name }));
    expect(screen.getByRole('button', { name: 'Deselect All' })).toBeInTheDocument();
  });

  test('shows nothing when there are no categories', () => {
    renderWithProviders(<Harness />, { queryClient: withCategories([]) });
    expect(screen.queryByRole('group', { name: 'Filter by category' })).not.toBeInTheDocument();
  });
});
