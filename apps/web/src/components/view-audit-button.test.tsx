import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ViewAuditButton } from './view-audit-button';

describe('ViewAuditButton', () => {
  test('links to the audit, named by restaurant and date', () => {
    renderWithProviders(
      <ViewAuditButton
        audit={{ id: 'a 1', restaurant: { name: 'Brigade Utrecht Neude' }, auditedAt: '2026-11-20T09:00:00Z' }}
      />,
    );
    const link = screen.getByRole('link', { name: 'View audit of Brigade Utrecht Neude on 20 Nov 2026' });
    expect(link).toHaveAttribute('href', '/audits/a%201');
    expect(link).toHaveTextContent('View');
  });

  test('in one restaurant’s list, named by date alone', () => {
    renderWithProviders(<ViewAuditButton audit={{ id: 'a-2', auditedAt: '2026-11-21T09:00:00Z' }} />);
    expect(screen.getByRole('link', { name: 'View audit of 21 Nov 2026' })).toHaveAttribute('href', '/audits/a-2');
  });
});
