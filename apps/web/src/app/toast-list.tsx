import '@mantine/notifications/styles.css';
import { useLingui } from '@lingui/react/macro';
import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import classes from './toasts.module.css';

/** Mantine's toast list. The spec caps it at 20; at the bottom toasts cover no header button. */
export default function ToastList() {
  const { t } = useLingui();
  // The close button's name (theme.ts gives it in English), in the person's language.
  const label = t`Dismiss notification`;
  const theme = useMemo(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': label } } } } }),
    [label],
  );
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications limit={20} position="bottom-center" classNames={{ root: classes.toasts }} />
    </MantineThemeProvider>
  );
}
