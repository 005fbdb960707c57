import { type ChecklistItem, itemsOf } from '@brigade/core/checklist-items';
import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { confirmDelete } from '../../../components/confirm-delete';
import { useCoreText } from '../../../lib/i18n';
import { discard, type OutboxItem } from '../../../lib/offline/outbox';
import { useValueText } from '../shared/item-text';
import { momentIn } from '../shared/restaurant-clock';
import { itemIdOf, type ValueBody } from './checklist-outbox';

interface ConflictViewProps {
  /** The record as the server has it now. */
  run: ChecklistRun;
  /** This person's changes to it that were not sent (a conflict among them). */
  mine: OutboxItem[];
}

interface Row {
  item: ChecklistItem;
  value: ValueBody | null;
  photos: number;
}

/** This person's changes per item, the latest value of each and the photos taken. */
function rowsOf(run: ChecklistRun, mine: OutboxItem[]): Row[] {
  const rows: Row[] = [];
  for (const item of itemsOf(run.content)) {
    const changes = mine.filter((change) => itemIdOf(change) === item.id);
    if (changes.length === 0) continue;
    const value = changes.filter((change) => change.kind === 'checklistValue').at(-1);
    rows.push({
      item,
      value: value ? (value.body as ValueBody) : null,
      photos: changes.filter((change) => change.kind === 'checklistPhoto').length,
    });
  }
  return rows;
}

/**
 * A record someone else submitted (or that closed) while this person's changes waited
 * offline (issue 34, decision 033): what happened, the record's values beside theirs,
 * and Discard mine after a confirmation. Nothing is merged: the record as submitted stands.
 */
export function ConflictView({ run, mine }: ConflictViewProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const valueText = useValueText();
  const conflict = mine.find((change) => change.state === 'conflict');
  const rows = rowsOf(run, mine);
  const submitted = mine.some((change) => change.kind === 'checklistSubmit');
  const who = run.submittedBy?.name;
  const when = run.submittedAt ? momentIn(run.submittedAt, run.restaurant.timeZone, run.day) : null;
  const count = mine.length;
  const onRecord = (item: ChecklistItem) => {
    const correction = run.corrections.filter((each) => each.itemId === item.id).at(-1);
    const value = run.values.find((each) => each.itemId === item.id);
    const photos = run.photos.filter((photo) => photo.itemId === item.id).length;
    const shown = valueText(item, correction ? correction.value : value?.value);
    return photos > 0 ? `${shown} · ${t({ message: plural(photos, { one: '# photo', other: '# photos' }) })}` : shown;
  };
  const yours = (row: Row) => {
    const shown = row.value ? valueText(row.item, row.value.value) : '';
    const photos = row.photos > 0 ? t({ message: plural(row.photos, { one: '# photo', other: '# photos' }) }) : '';
    const note = row.value?.note ? `${t`Note:`} ${row.value.note}` : '';
    return [shown, photos, note].filter(Boolean).join(' · ');
  };

  function askDiscard() {
    confirmDelete({
      title: t`Discard your changes?`,
      message: t({
        message: plural(count, {
          one: 'Your # change to this record is deleted from this device and never sent. This cannot be undone.',
          other: 'Your # changes to this record are deleted from this device and never sent. This cannot be undone.',
        }),
      }),
      confirmLabel: t`Discard mine`,
      onConfirm: () => void Promise.all(mine.map((change) => discard(change.id))),
    });
  }

  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title={
        when && who
          ? t`Submitted by ${who} at ${when} while you were offline`
          : when
            ? t`Submitted at ${when} while you were offline`
            : t`This record changed while you were offline`
      }
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dark.8">
          {!when && conflict?.error ? `${text(conflict.error.message)}. ` : ''}
          {submitted ? (
            <Trans>Your values and your submit were not saved: the record as it was submitted stands.</Trans>
          ) : (
            <Trans>Your values were not saved: the record as it was submitted stands.</Trans>
          )}
        </Text>
        {rows.length > 0 && (
          <Paper withBorder w="100%" style={{ overflowX: 'auto' }}>
            <Table verticalSpacing="xs" aria-label={t`Both versions`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Item</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>On the record</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Yours (not saved)</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.item.id}>
                    <Table.Th scope="row" fw={600}>
                      {row.item.label}
                    </Table.Th>
                    <Table.Td>{onRecord(row.item)}</Table.Td>
                    <Table.Td>{yours(row)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
        <Button color="orange.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDiscard}>
          <Trans>Discard mine</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
