import { messages, selectRestaurantMessages } from '@brigade/core/messages';
import type { AssignablePerson } from '@brigade/core/schemas/assignments';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCoreText } from '../../lib/i18n';
import { useCreateAssignments } from './api/create-assignments';
import { assignFailureMessage } from './assign-failure';
import { DueDateInput, dueAtOf } from './due-date-input';
import { TrainingChecklist } from './training-checklist';

const PHONE_QUERY = '(max-width: 36em)';

interface AssignTrainingModalProps {
  /** The person trainings go to; `null` keeps the modal closed. */
  person: AssignablePerson | null;
  /** The manager's selected restaurant; without one nothing can be assigned. */
  restaurantId: string | null;
  /** Trainings the person has already: shown ticked and locked. */
  assignedIds: ReadonlySet<string>;
  onClose: () => void;
}

/** The staff panel's Assign Training for one person (core §2 "Training assignment", §5). */
export function AssignTrainingModal({ person, restaurantId, assignedIds, onClose }: AssignTrainingModalProps) {
  const { t } = useLingui();
  const name = person?.name;
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={person !== null}
      onClose={onClose}
      title={person ? t`Assign Training to ${name}` : t`Assign Training`}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t`Close` }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {person && (
        <AssignTrainingForm
          key={person.id}
          person={person}
          restaurantId={restaurantId}
          assignedIds={assignedIds}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

interface AssignTrainingFormProps {
  person: AssignablePerson;
  restaurantId: string | null;
  assignedIds: ReadonlySet<string>;
  onDone: () => void;
}

function AssignTrainingForm({ person, restaurantId, assignedIds, onDone }: AssignTrainingFormProps) {
  const { text, catalogue } = useCoreText();
  const [trainingIds, setTrainingIds] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateAssignments();

  function submit() {
    setFailure(null);
    if (!restaurantId) {
      setFailure(text(selectRestaurantMessages.assignTrainings));
      return;
    }
    if (trainingIds.length === 0) {
      setError(text(messages.selectTraining));
      return;
    }
    create.mutate(
      { trainingIds, staffIds: [person.id], dueAt: dueAtOf(dueDate) },
      {
        onSuccess: (result) => {
          notifications.show(
            result.created === 0
              ? { color: 'blue', message: text(messages.allAlreadyAssigned) }
              : { color: 'green', message: catalogue.assignmentsCreatedMessage(result.created) },
          );
          onDone();
        },
        onError: (failed) => setFailure(text(assignFailureMessage(failed, messages.assignFailed))),
      },
    );
  }

  return (
    <Stack gap="md">
      <TrainingChecklist
        value={trainingIds}
        onChange={(next) => {
          setTrainingIds(next);
          setError(null);
        }}
        error={error}
        assignedIds={assignedIds}
      />
      <DueDateInput value={dueDate} onChange={setDueDate} />
      {failure && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={create.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={submit} loading={create.isPending}>
          <Trans>Assign Training</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
