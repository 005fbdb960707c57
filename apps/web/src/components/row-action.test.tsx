import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RowActions } from './row-action';

function renderRow(isActive: boolean) {
  const handlers = { onToggleActive: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  const view = renderWithProviders(
    <RowActions
      name="Brigade Rotterdam"
      isActive={isActive}
      toggling={false}
      deleting={false}
      deleteConfirm={{ title: 'Delete restaurant', message: 'This action cannot be undone.' }}
      {...handlers}
    />,
  );
  return { ...view, ...handlers };
}

describe('RowActions', () => {
  test('power, edit and delete are each named after the row', async () => {
    const { user, onToggleActive, onEdit } = renderRow(true);
    await user.click(screen.getByRole('button', { name: 'Deactivate Brigade Rotterdam' }));
    expect(onToggleActive).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Edit Brigade Rotterdam' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  test('an inactive row offers Activate', () => {
    renderRow(false);
    expect(screen.getByRole('button', { name: 'Activate Brigade Rotterdam' })).toBeInTheDocument();
  });

  test('delete asks first; Cancel deletes nothing, Delete does', async () => {
    const { user, onDelete } = renderRow(true);
    await user.click(screen.getByRole('button', { name: 'Delete Brigade Rotterdam' }));
    expect(await screen.findByRole('dialog', { name: 'Delete restaurant' })).toHaveTextContent(
      'This action cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Brigade Rotterdam' }));
    await screen.findByRole('dialog', { name: 'Delete restaurant' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
