import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormFailure } from '../lib/form-failure';

/** The form's one box for a failed save that no field can show (see useFormFailure). */
export function FormFailureAlert({ failure }: { failure: FormFailure | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={failure.title}>
      {failure.detail}
    </Alert>
  );
}
