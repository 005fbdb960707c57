import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormFailure } from '../lib/form-failure';
import { useCoreText } from '../lib/i18n';

/**
 * The form's one box for a failed save that no field can show (see useFormFailure). Its
 * title is core's fallback message and its detail the server's, both in the person's language.
 */
export function FormFailureAlert({ failure }: { failure: FormFailure | null }) {
  const { text } = useCoreText();
  if (!failure) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={text(failure.title)}>
      {failure.detail && text(failure.detail)}
    </Alert>
  );
}
