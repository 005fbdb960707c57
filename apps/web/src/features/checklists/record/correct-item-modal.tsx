import { type ChecklistItem, checklistMessages } from '@brigade/core/checklist-items';
import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { isApiError } from '../../../lib/api-client';
import type { FormFailure } from '../../../lib/form-failure';
import { useCoreText } from '../../../lib/i18n';
import { useValueText } from '../shared/item-text';
import { useCorrectChecklistRun } from './api/correct-checklist-run';
import { type Draft, draftOf, parseDraft } from './item-draft';
import { ItemInput } from './item-input';

interface CorrectItemModalProps {
  run: ChecklistRun;
  /** The item being corrected; null keeps the modal closed. */
  item: ChecklistItem | null;
  onClose: () => void;
}

/** "Correct" on a submitted record's item: the new value in the item's own field, and a required reason. */
export function CorrectItemModal({ run, item, onClose }: CorrectItemModalProps) {
  const { t } = useLingui();
  const label = item?.label ?? '';
  return (
    <Modal opened={item !== null} onClose={onClose} title={t`Correct ${label}`} size="lg">
      {item && <CorrectItemForm key={item.id} run={run} item={item} onDone={onClose} />}
    </Modal>
  );
}

function currentValue(run: ChecklistRun, itemId: string) {
  const corrections = run.corrections.filter((correction) => correction.itemId === itemId);
  return corrections.at(-1)?.value ?? run.values.find((value) => value.itemId === itemId)?.value ?? null;
}

function CorrectItemForm({ run, item, onDone }: { run: ChecklistRun; item: ChecklistItem; onDone: () => void }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const valueText = useValueText();
  const correct = useCorrectChecklistRun(run.id);
  const now = currentValue(run, item.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(item, now));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string | null; reason?: string | null }>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const shown = valueText(item, now);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseDraft(item, draft);
    const next = {
      value: parsed.ok ? null : parsed.error,
      reason: reason.trim() ? null : checklistMessages.reasonRequired,
    };
    setErrors(next);
    setFailure(null);
    if (!parsed.ok || next.reason) return;
    correct.mutate(
      { itemId: item.id, value: parsed.value, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t`Correction saved` });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && (error.fields.value || error.fields.reason)) {
            setErrors({ value: error.fields.value ?? null, reason: error.fields.reason ?? null });
            return;
          }
          const title = t`The correction could not be saved`;
          setFailure({ title, detail: isApiError(error) ? text(error.message) : null });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Now: <b>{shown}</b>. The value entered stays on the record, struck through, beside the correction.
          </Trans>
        </Text>
        <ItemInput
          item={item}
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            setErrors((current) => ({ ...current, value: null }));
          }}
          error={errors.value}
          autoFocus
        />
        <Textarea
          label={t`Reason`}
          description={t`Why the value is corrected, for the food-safety log`}
          required
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors((current) => ({ ...current, reason: null }));
          }}
          autosize
          minRows={2}
          maxLength={500}
          error={errors.reason ? text(errors.reason) : undefined}
        />
        <FormActions failure={failure} saving={correct.isPending} saveLabel={t`Save correction`} onCancel={onDone} />
      </Stack>
    </form>
  );
}
