import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { ssoProvidersQuery } from './api/get-sso-providers';
import { SsoSignInButtons } from './sso-sign-in-buttons';

function withProviders(providers: { id: string; name: string }[]) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(ssoProvidersQuery.queryKey, providers);
  return queryClient;
}

describe('SsoSignInButtons', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('one "Sign in with <name>" link per provider, to the server that sends the browser on', () => {
    renderWithProviders(<SsoSignInButtons />, {
      queryClient: withProviders([
        { id: 'env', name: 'Microsoft' },
        { id: '0b0b0b0b-0000-4000-8000-000000000000', name: 'Contoso' },
      ]),
    });
    expect(screen.getByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute('href', '/api/sso/env/start');
    expect(screen.getByRole('link', { name: 'Sign in with Contoso' })).toHaveAttribute(
      'href',
      '/api/sso/0b0b0b0b-0000-4000-8000-000000000000/start',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the reason a sign-in came back is said once and removed from the address', () => {
    window.history.replaceState(null, '', '/?sso=deactivated&x=1');
    renderWithProviders(<SsoSignInButtons />, { queryClient: withProviders([]) });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This account has been deactivated. Ask head office to reactivate it.',
    );
    expect(window.location.search).toBe('?x=1');
  });

  test('an unknown reason reads as a plain failure', () => {
    window.history.replaceState(null, '', '/?sso=%3Cscript%3E');
    renderWithProviders(<SsoSignInButtons />, { queryClient: withProviders([]) });
    expect(screen.getByRole('alert')).toHaveTextContent('Signing in through your organisation did not work.');
  });
});
