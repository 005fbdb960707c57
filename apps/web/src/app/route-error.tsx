import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRouteError } from 'react-router';

/**
 * A page that failed to load its code or threw while drawing. The layout stays, so the
 * person can go elsewhere; Reload fetches the newest code (a release may have replaced it).
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Stack maw={560} p="md">
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="This page could not be shown">
        Something went wrong while loading this page. Reload to try again.
      </Alert>
      <Button onClick={() => window.location.reload()} w="fit-content">
        Reload
      </Button>
    </Stack>
  );
}
