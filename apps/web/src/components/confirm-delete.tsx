import { t } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

interface ConfirmDeleteOptions {
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
}

/**
 * Asks before a delete that cannot be undone: a modal with Cancel and a red Delete
 * button. Needs the ModalsProvider of the signed-in layout. Not a component: its texts are
 * read in the active language when the modal opens.
 */
export function confirmDelete({ title, message, onConfirm, confirmLabel = t`Delete` }: ConfirmDeleteOptions) {
  modals.openConfirmModal({
    title,
    centered: true,
    closeButtonProps: { 'aria-label': t`Close` },
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: t`Cancel` },
    confirmProps: { color: 'red' },
    cancelProps: { variant: 'default' },
    onConfirm,
  });
}
