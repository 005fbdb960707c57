import { useRegisterSW } from 'virtual:pwa-register/react';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './update-prompt.module.css';

/** How often an open app asks whether a new version was released (a kitchen's tablet stays open for days). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/**
 * The worker is registered this long after the signed-in app first draws: its first install
 * downloads the whole precache (about 0.8 MB), which must not compete with the first
 * screen's own code and data on a phone's connection.
 */
export const REGISTER_AFTER_MS = 3000;

/**
 * Registers the service worker (src/sw.ts) and, when a new version has installed beside the
 * running one, says so: "A new version is available — Reload" (issue 34). The new version
 * takes over only when the person chooses Reload (the worker's skipWaiting), and the page
 * reloads under it, so nothing runs half old, half new, and nothing typed is lost unasked.
 *
 * Part of the signed-in app's code, not of Sign In's download: the worker is registered
 * once someone is signed in, which is when the app is worth keeping offline, and once the
 * first screen has had its turn (REGISTER_AFTER_MS).
 */
export function UpdatePrompt() {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), REGISTER_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return started ? <RegisteredUpdatePrompt /> : null;
}

function RegisteredUpdatePrompt() {
  const [reloading, setReloading] = useState(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
  });

  if (!needRefresh) return null;
  return (
    <Paper className={classes.prompt} shadow="md" withBorder p="sm" role="status" aria-live="polite">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500}>
          <Trans>A new version is available</Trans>
        </Text>
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={reloading}
          onClick={() => {
            setReloading(true);
            // The plugin reloads only when the page had a worker as it registered; a new
            // version found later in a first visit takes charge all the same: reload then too.
            navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
              once: true,
            });
            void updateServiceWorker(true);
          }}
        >
          <Trans>Reload</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
