import { type ChecklistItem, failureOf } from '@brigade/core/checklist-items';
import type { ChecklistRun, ChecklistRunCorrection } from '@brigade/core/schemas/checklists';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PhotoGallery } from '../../../components/photos/photo-gallery';
import { useRangeText, useValueText } from '../shared/item-text';
import { momentIn } from '../shared/restaurant-clock';
import { CorrectItemModal } from './correct-item-modal';
import { OfflineTimes } from './offline-times';
import { RunSections } from './run-sections';

type RunValue = ChecklistRun['values'][number];

/**
 * A record to read (issue 33): every item's value with who entered it and when (entered
 * offline, also when it arrived, issue 34); a corrected value beside its original, which
 * is struck through, with the reason, who and when; failed items with their corrective
 * action. Managers of the restaurant and hq may correct a submitted record
 * (`canCorrect`), item by item.
 */
export function ReadView({ run }: { run: ChecklistRun }) {
  const [correcting, setCorrecting] = useState<ChecklistItem | null>(null);
  return (
    <Stack gap="lg">
      <RunSections content={run.content}>
        {(item) => (
          <ReadItem
            key={item.id}
            run={run}
            item={item}
            value={run.values.find((value) => value.itemId === item.id)}
            corrections={run.corrections.filter((correction) => correction.itemId === item.id)}
            onCorrect={run.canCorrect && item.kind !== 'photo' ? () => setCorrecting(item) : undefined}
          />
        )}
      </RunSections>
      <CorrectItemModal run={run} item={correcting} onClose={() => setCorrecting(null)} />
    </Stack>
  );
}

interface ReadItemProps {
  run: ChecklistRun;
  item: ChecklistItem;
  value: RunValue | undefined;
  corrections: ChecklistRunCorrection[];
  onCorrect?: () => void;
}

function ReadItem({ run, item, value, corrections, onCorrect }: ReadItemProps) {
  const { t } = useLingui();
  const valueText = useValueText();
  const range = useRangeText()(item);
  const label = item.label;
  const at = (iso: string) => momentIn(iso, run.restaurant.timeZone, run.day);
  const latest = corrections.at(-1);
  const failed = latest ? latest.failed : (value?.failed ?? failureOf(item, value?.value ?? null));
  const action = run.actions.find((each) => each.itemId === item.id);
  const photos = run.photos.filter((photo) => photo.itemId === item.id);
  const enteredBy = value?.enteredBy?.name ?? t`Deleted user`;
  // Entered offline: when it was done counts, and both times show below.
  const enteredAt = value ? at(value.recordedAt ?? value.receivedAt) : '';
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      aria-label={label}
      data-failed={failed || undefined}
      style={failed ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          {failed && (
            <Badge color="red.9" variant="filled" tt="none" leftSection={<IconAlertTriangle size={14} aria-hidden />}>
              <Trans>Failed</Trans>
            </Badge>
          )}
        </Group>

        {latest && value ? (
          <Group gap="xs" wrap="wrap" align="baseline">
            <Text span c="gray.7">
              <VisuallyHidden>
                <Trans>Original value:</Trans>
              </VisuallyHidden>
              <s>{valueText(item, value.value)}</s>
            </Text>
            <Text span fw={700}>
              <VisuallyHidden>
                <Trans>Corrected value:</Trans>
              </VisuallyHidden>
              {valueText(item, latest.value)}
            </Text>
            <Badge variant="light" color="indigo" c="indigo.9" tt="none">
              <Trans>Corrected</Trans>
            </Badge>
          </Group>
        ) : (
          <Text fw={700}>{valueText(item, value?.value)}</Text>
        )}

        {range && (
          <Text size="sm" c="gray.7">
            {range}
          </Text>
        )}
        {value?.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span size="sm" fw={600}>
              <Trans>Note:</Trans>
            </Text>{' '}
            {value.note}
          </Text>
        )}
        {value && (
          <Text size="sm" c="gray.7">
            <Trans>
              Entered by {enteredBy} at {enteredAt}
            </Trans>
          </Text>
        )}
        {value?.recordedAt && (
          <OfflineTimes
            recordedAt={value.recordedAt}
            receivedAt={value.receivedAt}
            clockOffsetSeconds={value.clockOffsetSeconds}
            at={at}
          />
        )}

        {corrections.length > 0 && (
          <Stack
            gap={4}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t`Corrections of ${label}`}
          >
            {corrections.map((correction, index) => (
              <CorrectionLine
                key={correction.id}
                item={item}
                correction={correction}
                superseded={index < corrections.length - 1}
                at={at}
              />
            ))}
          </Stack>
        )}

        <PhotoGallery photos={photos} label={label} />

        {(action || onCorrect) && (
          <Group gap="sm" justify="space-between" wrap="wrap">
            {action ? (
              <Anchor component={Link} to={`/actions/${action.id}`} size="sm" fw={600}>
                {action.status === 'open' ? (
                  <Trans>Corrective action (open)</Trans>
                ) : (
                  <Trans>Corrective action (resolved)</Trans>
                )}
              </Anchor>
            ) : (
              <span />
            )}
            {onCorrect && (
              <Button
                variant="default"
                size="sm"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={onCorrect}
                aria-label={t`Correct ${label}`}
              >
                <Trans>Correct</Trans>
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function CorrectionLine({
  item,
  correction,
  superseded,
  at,
}: {
  item: ChecklistItem;
  correction: ChecklistRunCorrection;
  superseded: boolean;
  at: (iso: string) => string;
}) {
  const { t } = useLingui();
  const valueText = useValueText();
  const who = correction.correctedBy?.name ?? t`Deleted user`;
  const when = at(correction.correctedAt);
  const newValue = valueText(item, correction.value);
  const reason = correction.reason;
  return (
    <Text component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {superseded ? (
        <>
          <VisuallyHidden>
            <Trans>Earlier correction:</Trans>
          </VisuallyHidden>
          <s>{newValue}</s>
        </>
      ) : (
        <Text span size="sm" fw={600}>
          <Trans>Corrected to {newValue}</Trans>
        </Text>
      )}{' '}
      <Trans>
        by {who} at {when}. Reason: {reason}
      </Trans>
    </Text>
  );
}
