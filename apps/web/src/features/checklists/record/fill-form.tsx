import { type ChecklistItem, checklistMessages, failureOf, isAnswered, itemsOf } from '@brigade/core/checklist-items';
import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import type { PhotoRef } from '@brigade/core/schemas/photos';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Textarea } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCloudOff,
  IconCloudUpload,
  IconRefresh,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { PhotoUploader } from '../../../components/photos/photo-uploader';
import { useCurrentUser } from '../../../lib/current-user';
import { useCoreText } from '../../../lib/i18n';
import { discard, type OutboxItem, onSent, retry } from '../../../lib/offline/outbox';
import { useOnline, useOutboxFor } from '../../../lib/offline/use-outbox';
import { checklistRunQueryKey } from './api/get-checklist-run';
import { itemIdOf, queueSubmit, runSubject, sendSoon, type ValueBody } from './checklist-outbox';
import { type Draft, draftOf, type Parsed, parseDraft, savesAtOnce } from './item-draft';
import { ItemInput } from './item-input';
import { RunSections } from './run-sections';
import { type SaveState, useValueSaver } from './use-value-saver';

interface ItemProgress {
  parsed: Parsed;
  failed: boolean;
  answered: boolean;
  needsNote: boolean;
  needsPhoto: boolean;
}

function photosByItem(run: ChecklistRun): Record<string, PhotoRef[]> {
  const byItem: Record<string, PhotoRef[]> = {};
  for (const { itemId, ...photo } of run.photos) {
    byItem[itemId] = [...(byItem[itemId] ?? []), photo];
  }
  return byItem;
}

/** The record's items that have not reached the server yet (a sent one leaves the outbox shortly after). */
export function unsentOf(outbox: OutboxItem[]) {
  return outbox.filter((item) => item.state !== 'sent');
}

/**
 * Filling a record (issues 33 and 34), phone first: each item's field, saved as it is
 * entered through the outbox, so it holds offline too and a reload loses nothing (values
 * still waiting are laid over the loaded record); the failure instruction as soon as a
 * value fails (core `failureOf`, before anything is sent), with the note and photo it
 * asks for; progress; and Submit, disabled with the reason until every item is done.
 * Offline, Submit waits in the outbox behind the values: "Will be submitted when you are
 * back online".
 */
export function FillForm({ run }: { run: ChecklistRun }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const online = useOnline();
  const queryClient = useQueryClient();
  const outbox = unsentOf(useOutboxFor(runSubject(run.id)));
  const items = itemsOf(run.content);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(
      items.map((item) => [item.id, draftOf(item, run.values.find((value) => value.itemId === item.id)?.value)]),
    ),
  );
  const [notes, setNotes] = useState<Record<string, string>>(() =>
    Object.fromEntries(run.values.map((value) => [value.itemId, value.note ?? ''])),
  );
  const [photos, setPhotos] = useState(() => photosByItem(run));
  const reasonId = useId();
  const runLabel = run.checklist.name;
  const labelOf = (itemId: string) => {
    const item = items.find((each) => each.id === itemId);
    return item ? `${runLabel} · ${item.label}` : runLabel;
  };

  const saver = useValueSaver({ runId: run.id, userId: me.id, labelOf, outbox });
  useEffect(() => onSent(saver.markSent), [saver.markSent]);

  // Values made before this page opened (offline, before a reload) are laid over the record as loaded.
  const openedAt = useRef(new Date().toISOString());
  const overlaid = useRef(new Set<string>());
  useEffect(() => {
    const earlier = outbox.filter(
      (item) => item.kind === 'checklistValue' && item.recordedAt < openedAt.current && !overlaid.current.has(item.id),
    );
    if (earlier.length === 0) return;
    const draftPatch: Record<string, Draft> = {};
    const notePatch: Record<string, string> = {};
    for (const item of earlier) {
      overlaid.current.add(item.id);
      const itemId = itemIdOf(item);
      const checklistItem = items.find((each) => each.id === itemId);
      if (!itemId || !checklistItem) continue;
      const body = item.body as ValueBody;
      draftPatch[itemId] = draftOf(checklistItem, body.value);
      notePatch[itemId] = body.note ?? '';
    }
    setDrafts((current) => ({ ...current, ...draftPatch }));
    setNotes((current) => ({ ...current, ...notePatch }));
  });

  const submitItem = outbox.find((item) => item.kind === 'checklistSubmit');
  const waitingPhotos = (itemId: string) =>
    outbox.filter((item) => item.kind === 'checklistPhoto' && itemIdOf(item) === itemId && item.state !== 'failed');

  const progressOf = (item: ChecklistItem): ItemProgress => {
    const parsed = parseDraft(item, drafts[item.id] ?? null);
    const value = parsed.ok ? parsed.value : null;
    const failed = failureOf(item, value);
    const photoCount = (photos[item.id]?.length ?? 0) + waitingPhotos(item.id).length;
    return {
      parsed,
      failed,
      answered: item.kind === 'photo' ? photoCount > 0 : parsed.ok && isAnswered(value),
      needsNote: failed && item.failNeedsNote && !(notes[item.id] ?? '').trim(),
      needsPhoto: failed && item.failNeedsPhoto && photoCount === 0,
    };
  };
  const progress = new Map(items.map((item) => [item.id, progressOf(item)]));
  const answered = [...progress.values()].filter((each) => each.answered).length;
  const total = items.length;
  const unfinished = [...progress.values()].filter(
    (each) => !each.answered || !each.parsed.ok || each.needsNote || each.needsPhoto,
  ).length;
  const states = new Map(items.map((item) => [item.id, saver.stateOf(item.id)]));
  const notSaved = [...states.values()].some((state) => state?.state === 'failed');

  function saveItem(item: ChecklistItem, draft: Draft, note: string, atOnce: boolean) {
    const parsed = parseDraft(item, draft);
    if (!parsed.ok) return;
    const failed = failureOf(item, parsed.value);
    saver.save(item.id, { value: parsed.value, note: failed ? note.trim() || null : null }, { atOnce });
  }

  function changeDraft(item: ChecklistItem, draft: Draft) {
    setDrafts((current) => ({ ...current, [item.id]: draft }));
    saveItem(item, draft, notes[item.id] ?? '', savesAtOnce(item));
  }

  function changeNote(item: ChecklistItem, note: string) {
    setNotes((current) => ({ ...current, [item.id]: note }));
    saveItem(item, drafts[item.id] ?? null, note, false);
  }

  /** Stored photos changed (one sent, one removed); a photo item's value follows on the server. */
  function changePhotos(item: ChecklistItem, next: PhotoRef[]) {
    setPhotos((current) => ({ ...current, [item.id]: next }));
    const cached = queryClient.getQueryData<ChecklistRun>(checklistRunQueryKey(run.id));
    if (cached) {
      const others = cached.photos.filter((photo) => photo.itemId !== item.id);
      queryClient.setQueryData(checklistRunQueryKey(run.id), {
        ...cached,
        photos: [...others, ...next.map((photo) => ({ ...photo, itemId: item.id }))],
      });
    }
  }

  const blocked = unfinished > 0 || notSaved;
  const reason =
    unfinished > 0
      ? `${text(checklistMessages.incomplete)} (${t({ message: plural(unfinished, { one: '# item left', other: '# items left' }) })})`
      : notSaved
        ? t`Some values were not saved: retry them above.`
        : null;

  async function submitRun() {
    await saver.flushAll();
    await queueSubmit(run.id, runLabel, me.id);
    sendSoon();
  }

  return (
    <Stack gap="lg">
      <RunProgress answered={answered} total={total} />
      {/* A submit in the outbox closes the form: a value after it would reach a submitted record. */}
      <fieldset disabled={Boolean(submitItem)} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <RunSections content={run.content}>
          {(item) => {
            const saveState = states.get(item.id);
            return (
              <FillItem
                key={item.id}
                runId={run.id}
                runLabel={runLabel}
                item={item}
                draft={drafts[item.id] ?? null}
                note={notes[item.id] ?? ''}
                photos={photos[item.id] ?? []}
                progress={progress.get(item.id) as ItemProgress}
                saveState={saveState}
                closed={Boolean(submitItem)}
                actionId={run.actions.find((action) => action.itemId === item.id)?.id ?? null}
                onDraft={(draft) => changeDraft(item, draft)}
                onNote={(note) => changeNote(item, note)}
                onPhotos={(next) => changePhotos(item, next)}
                onBlur={() => saver.flush(item.id)}
                onRetry={() => {
                  if (saveState?.state !== 'failed') return;
                  if (saveState.outboxId) void retry(saveState.outboxId);
                  else saver.keepAgain(item.id);
                }}
              />
            );
          }}
        </RunSections>
      </fieldset>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <RunProgress answered={answered} total={total} compact />
          {submitItem ? (
            <SubmitStatus item={submitItem} online={online} />
          ) : (
            <>
              <Button
                size="lg"
                fullWidth
                leftSection={<IconSend size={20} aria-hidden />}
                onClick={() => void submitRun()}
                disabled={blocked}
                aria-describedby={reason ? reasonId : undefined}
              >
                <Trans>Submit checklist</Trans>
              </Button>
              {reason && (
                <Text id={reasonId} size="sm" c="gray.7" ta="center">
                  {reason}
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * A submit in the outbox: waiting ("Will be submitted when you are back online"), being
 * sent, or refused with the server's reason. Taking it back opens the form again.
 */
function SubmitStatus({ item, online }: { item: OutboxItem; online: boolean }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  if (item.state === 'conflict') return null;
  if (item.state === 'failed') {
    const reason = text(item.error?.message ?? '');
    return (
      <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />} title={t`Not submitted`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{reason}</Text>
          <Group gap="xs">
            <Button
              size="xs"
              color="red.8"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void retry(item.id)}
            >
              <Trans>Retry</Trans>
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => void discard(item.id)}
            >
              <Trans>Cancel the submit and edit</Trans>
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color={online ? 'blue' : 'yellow'}
      role="status"
      icon={online ? <IconCloudUpload aria-hidden /> : <IconCloudOff aria-hidden />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={600} c="dark.8">
          {online ? <Trans>Submitting…</Trans> : <Trans>Will be submitted when you are back online</Trans>}
        </Text>
        {!online && (
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              confirmDelete({
                title: t`Cancel the submit?`,
                message: t`Your values stay on this device; the record is not submitted until you submit it again.`,
                confirmLabel: t`Cancel the submit`,
                onConfirm: () => void discard(item.id),
              })
            }
          >
            <Trans>Cancel the submit and edit</Trans>
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function RunProgress({ answered, total, compact = false }: { answered: number; total: number; compact?: boolean }) {
  const { t } = useLingui();
  const percent = total === 0 ? 0 : Math.round((answered / total) * 100);
  return (
    <Stack gap={6}>
      <Text fw={600} size={compact ? 'sm' : 'md'}>
        <Trans>
          {answered} of {total}
        </Trans>
      </Text>
      <Progress.Root size={compact ? 'sm' : 'lg'}>
        <Progress.Section value={percent} aria-label={t`Items filled in`} />
      </Progress.Root>
    </Stack>
  );
}

interface FillItemProps {
  runId: string;
  runLabel: string;
  item: ChecklistItem;
  draft: Draft;
  note: string;
  photos: PhotoRef[];
  progress: ItemProgress;
  saveState: SaveState | undefined;
  /** A submit waits in the outbox: nothing more may change. */
  closed: boolean;
  actionId: string | null;
  onDraft: (draft: Draft) => void;
  onNote: (note: string) => void;
  onPhotos: (photos: PhotoRef[]) => void;
  onBlur: () => void;
  onRetry: () => void;
}

function FillItem({
  runId,
  runLabel,
  item,
  draft,
  note,
  photos,
  progress,
  saveState,
  closed,
  actionId,
  onDraft,
  onNote,
  onPhotos,
  onBlur,
  onRetry,
}: FillItemProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const instructionId = useId();
  const label = item.label;
  const fieldError = !progress.parsed.ok
    ? progress.parsed.error
    : saveState?.state === 'failed' && saveState.field
      ? saveState.message
      : null;
  const showPhotos = item.kind === 'photo' || (progress.failed && item.failNeedsPhoto);
  const base = `/api/checklist-runs/${encodeURIComponent(runId)}/items/${encodeURIComponent(item.id)}/photos`;
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      data-failed={progress.failed || undefined}
      style={progress.failed ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}
      aria-label={label}
    >
      <Stack gap="sm">
        <ItemInput
          item={item}
          draft={draft}
          onChange={onDraft}
          onBlur={onBlur}
          error={fieldError}
          describedBy={progress.failed ? instructionId : undefined}
        />
        {progress.failed && (
          <Alert
            id={instructionId}
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle aria-hidden />}
            title={t`This value fails the check`}
          >
            <Text size="sm" fw={600} c="red.9" style={{ whiteSpace: 'pre-wrap' }}>
              {item.failInstruction ?? t`Tell your manager.`}
            </Text>
          </Alert>
        )}
        {progress.failed && (
          <Textarea
            label={item.failNeedsNote ? t`Note (required)` : t`Note`}
            aria-label={t`Note for ${label}`}
            value={note}
            onChange={(event) => onNote(event.currentTarget.value)}
            onBlur={onBlur}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            error={progress.needsNote ? text(checklistMessages.noteRequired) : undefined}
          />
        )}
        {showPhotos && (
          <Stack gap={4}>
            <PhotoUploader
              uploadUrl={base}
              removeUrl={(photoId) => `${base}/${encodeURIComponent(photoId)}`}
              photos={photos}
              label={label}
              onChange={onPhotos}
              disabled={closed}
              outbox={{ kind: 'checklistPhoto', subject: runSubject(runId), label: `${runLabel} · ${label}` }}
            />
            {(progress.needsPhoto || (item.kind === 'photo' && !progress.answered)) && (
              <Text size="sm" c="red.9">
                {text(checklistMessages.photoRequired)}
              </Text>
            )}
          </Stack>
        )}
        {actionId && (
          <Anchor component={Link} to={`/actions/${actionId}`} size="sm">
            <Trans>Corrective action for {label}</Trans>
          </Anchor>
        )}
        <SaveStatus state={saveState} onRetry={onRetry} />
      </Stack>
    </Paper>
  );
}

/**
 * Whether an item's last value reached the server: Saving…, Waiting to be sent (offline),
 * Saved, Not saved with the reason and Retry, or not saved because the record changed meanwhile.
 */
function SaveStatus({ state, onRetry }: { state: SaveState | undefined; onRetry: () => void }) {
  const { text } = useCoreText();
  return (
    <div aria-live="polite">
      {state?.state === 'waiting' ? (
        <Group gap={4} c="gray.8">
          <IconCloudOff size={16} aria-hidden />
          <Text size="xs">
            <Trans>Waiting to be sent: on this device until you are back online</Trans>
          </Text>
        </Group>
      ) : state?.state === 'held' ? (
        <Group gap={4} c="gray.8">
          <IconCloudOff size={16} aria-hidden />
          <Text size="xs">
            <Trans>Waiting: an earlier change to this record was not saved</Trans>
          </Text>
        </Group>
      ) : state?.state === 'conflict' ? (
        <Group gap={4} c="orange.9">
          <IconAlertTriangle size={16} aria-hidden />
          <Text size="xs" fw={600}>
            <Trans>Not saved: the record changed meanwhile (see above)</Trans>
          </Text>
        </Group>
      ) : state?.state === 'saving' ? (
        <Group gap={4} c="gray.7">
          <IconCloudUpload size={16} aria-hidden />
          <Text size="xs">
            <Trans>Saving…</Trans>
          </Text>
        </Group>
      ) : state?.state === 'saved' ? (
        <Group gap={4} c="gray.8">
          <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
          <Text size="xs">
            <Trans>Saved</Trans>
          </Text>
        </Group>
      ) : state?.state === 'failed' ? (
        <Group gap="xs" c="red.9" wrap="wrap">
          <Text size="xs" fw={600}>
            <Trans>Not saved:</Trans> {text(state.message)}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            <Trans>Retry</Trans>
          </Button>
        </Group>
      ) : null}
    </div>
  );
}
