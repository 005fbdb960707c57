import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppGate } from './app/app-gate';
import toasts from './app/toasts.module.css';
import { setupStatusQuery } from './features/setup/api/get-setup-status';
import { onSessionEnded } from './lib/api-client';
import { queryClient } from './lib/query-client';
import { endSession } from './lib/session/end-session';
import { meQuery } from './lib/session/get-me';
import { cssVariablesResolver, theme } from './theme';

// Any 401 after sign-in means the session ended: show Sign In where the person is.
onSessionEnded(() => endSession(queryClient, 'expired'));

// Both answers the first screen waits for, asked at once rather than one after the other
// (whether someone is signed in, and whether the database still needs its first account).
void queryClient.prefetchQuery(meQuery);
void queryClient.prefetchQuery(setupStatusQuery);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* The spec caps the toast list at 20; at the bottom they cover no header button. */}
        <Notifications limit={20} position="bottom-center" classNames={{ root: toasts.toasts }} />
        <AppGate />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
