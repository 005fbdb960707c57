import type { Me } from '@brigade/core/schemas/session';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { CurrentUserProvider } from '../src/lib/current-user';
import { SelectedRestaurantProvider } from '../src/lib/selected-restaurant';
import { theme } from '../src/theme';

interface RenderOptions {
  /** The signed-in person, for components that read useCurrentUser(). */
  me?: Me;
  /** A query client already holding the data the component would fetch. */
  queryClient?: QueryClient;
}

/** A query client for one test: no retries, data set by the test stays fresh, nothing shared with other tests. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
}

/** Renders a component inside the providers the signed-in app gives it; returns a user-event session too. */
export function renderWithProviders(ui: ReactElement, { me, queryClient = testQueryClient() }: RenderOptions = {}) {
  function Providers({ children }: { children: ReactNode }) {
    const content = me ? (
      <CurrentUserProvider me={me}>
        <SelectedRestaurantProvider>{children}</SelectedRestaurantProvider>
      </CurrentUserProvider>
    ) : (
      children
    );
    return (
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            <ModalsProvider>
              <MemoryRouter>{content}</MemoryRouter>
            </ModalsProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nProvider>
    );
  }
  return { user: userEvent.setup({ delay: null }), queryClient, ...render(ui, { wrapper: Providers }) };
}
