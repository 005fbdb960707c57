import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRouteError } from 'react-router';

/**
 * A page that failed to load its code or threw while drawing. The layout stays, so the
 * person can go elsewhere; Reload fetches the newest code (a release may have replaced it).
 */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  console.error(error);
  return (
    <Stack maw={560} p="md">
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t`This page could not be shown`}>
        <Trans>Something went wrong while loading this page. Reload to try again.</Trans>
      </Alert>
      <Button onClick={() => window.location.reload()} w="fit-content">
        <Trans>Reload</Trans>
      </Button>
    </Stack>
  );
}
