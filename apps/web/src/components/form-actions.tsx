import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { FormFailure } from '../lib/form-failure';
import { FormFailureAlert } from './form-failure-alert';

type FormActionsProps = {
  /** The failed save no field can show (useFormFailure), above the buttons. */
  failure: FormFailure | null;
  saving: boolean;
  /** The submit button's words (Save Quiz); it reads Saving... while the save runs. */
  saveLabel: string;
} & (
  | { /** Where Cancel leads: a page's form. */ cancelTo: string; onCancel?: never }
  | { /** What Cancel does: close a modal or an inline form. */ onCancel: () => void; cancelTo?: never }
);

/** The end of a form: the failure box, then Cancel and the submit button, disabled while saving. */
export function FormActions({ failure, saving, saveLabel, cancelTo, onCancel }: FormActionsProps) {
  return (
    <>
      <FormFailureAlert failure={failure} />
      <Group justify="flex-end">
        {cancelTo === undefined ? (
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : (
          <Button variant="default" component={Link} to={cancelTo}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" disabled={saving}>
          {saving ? <Trans>Saving...</Trans> : saveLabel}
        </Button>
      </Group>
    </>
  );
}
