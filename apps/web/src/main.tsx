// Mantine's global styles, in this order; each component's own styles come with the chunk
// that draws it, each file in its layer, their order declared in index.html's head
// (mantine-component-styles.ts, decision 017). The toasts' come with them (app/toasts.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppGate } from './app/app-gate';
import { preloadAddressedPage, preloadWhenSomeoneSignsIn } from './app/preload-signed-in-app';
import { Toasts } from './app/toasts';
import { setupStatusQuery } from './features/setup/api/get-setup-status';
import { onSessionEnded } from './lib/api-client';
import { activateLanguage, initialLanguage } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { endSession } from './lib/session/end-session';
import { meQuery } from './lib/session/get-me';
import { cssVariablesResolver, theme } from './theme';

// Any 401 after sign-in means the session ended: show Sign In where the person is.
onSessionEnded(() => endSession(queryClient, 'expired'));

// Both answers the first screen waits for, asked at once rather than one after the other
// (whether someone is signed in, and whether the database still needs its first account),
// and the code of the page in the address bar meanwhile. Once someone is found, their
// page's code and data are asked for at once rather than one after the other.
preloadWhenSomeoneSignsIn(queryClient);
preloadAddressedPage(window.location.pathname);
void queryClient.prefetchQuery(meQuery);
void queryClient.prefetchQuery(setupStatusQuery);
// What was seen before comes back from this device (issue 34): offline, the signed-in app
// opens with it; online it shows until the answers above replace it. Not in Sign In's code.
void import('./lib/query-persister').then(({ persistQueries }) => persistQueries(queryClient));

// The first screen is drawn in its language: that language's small public catalogue comes
// first (beside the session check above); a signed-in person's own choice follows (AppGate).
await activateLanguage(initialLanguage());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <Toasts />
          <AppGate />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  </StrictMode>,
);
