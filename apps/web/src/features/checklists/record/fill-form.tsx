import { type ChecklistItem, checklistMessages, failureOf, isAnswered, itemsOf } from '@brigade/core/checklist-items';
import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import type { PhotoRef } from '@brigade/core/schemas/photos';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconRefresh, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PhotoUploader } from '../../../components/photos/photo-uploader';
import { isApiError } from '../../../lib/api-client';
import { useCoreText } from '../../../lib/i18n';
import { checklistRunQueryKey } from './api/get-checklist-run';
import { useSubmitChecklistRun } from './api/submit-checklist-run';
import { type Draft, draftOf, type Parsed, parseDraft, savesAtOnce } from './item-draft';
import { ItemInput } from './item-input';
import { RunSections } from './run-sections';
import { type SaveState, useValueSaver } from './use-value-saver';

interface FillFormProps {
  run: ChecklistRun;
  /** The record was submitted by someone else meanwhile, or closed: the server's words. */
  onClosed: (message: string) => void;
}

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

/**
 * Filling a record (issue 33), phone first: each item's field, saved as it is entered
 * (a reload loses nothing); the failure instruction as soon as a value fails (core
 * `failureOf`, before anything is sent), with the note and photo it asks for; progress;
 * and Submit, disabled with the reason until every item is done and saved.
 */
export function FillForm({ run, onClosed }: FillFormProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const queryClient = useQueryClient();
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
  const [submitError, setSubmitError] = useState<string | null>(null);
  const reasonId = useId();

  const saver = useValueSaver(run.id, {
    onSaved: (saved) => queryClient.setQueryData(checklistRunQueryKey(run.id), saved),
    onClosed: (error) => {
      onClosed(text(error.message));
      void queryClient.invalidateQueries({ queryKey: checklistRunQueryKey(run.id) });
    },
  });
  const submit = useSubmitChecklistRun(run.id);

  const progressOf = (item: ChecklistItem): ItemProgress => {
    const parsed = parseDraft(item, drafts[item.id] ?? null);
    const value = parsed.ok ? parsed.value : null;
    const failed = failureOf(item, value);
    const photoCount = photos[item.id]?.length ?? 0;
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

  function changePhotos(item: ChecklistItem, next: PhotoRef[]) {
    setPhotos((current) => ({ ...current, [item.id]: next }));
    if (item.kind === 'photo') {
      const draft = next.length > 0 ? true : null;
      setDrafts((current) => ({ ...current, [item.id]: draft }));
      saveItem(item, draft, notes[item.id] ?? '', true);
    }
  }

  const blocked = unfinished > 0 || saver.busy || saver.failed;
  const reason =
    unfinished > 0
      ? `${text(checklistMessages.incomplete)} (${t({ message: plural(unfinished, { one: '# item left', other: '# items left' }) })})`
      : saver.busy
        ? t`Saving your last values…`
        : saver.failed
          ? t`Some values were not saved: retry them above.`
          : null;

  function submitRun() {
    setSubmitError(null);
    submit.mutate(undefined, {
      onSuccess: (submitted) => {
        notifications.show({
          color: 'green',
          message: submitted.state === 'late' ? t`Checklist submitted (late)` : t`Checklist submitted`,
        });
        window.scrollTo({ top: 0 });
      },
      onError: (error) => {
        if (isApiError(error) && (error.status === 409 || error.status === 404)) onClosed(text(error.message));
        else setSubmitError(isApiError(error) ? text(error.message) : t`The checklist could not be submitted.`);
      },
    });
  }

  return (
    <Stack gap="lg">
      <RunProgress answered={answered} total={total} />
      <RunSections content={run.content}>
        {(item) => (
          <FillItem
            key={item.id}
            runId={run.id}
            item={item}
            draft={drafts[item.id] ?? null}
            note={notes[item.id] ?? ''}
            photos={photos[item.id] ?? []}
            progress={progress.get(item.id) as ItemProgress}
            saveState={saver.states[item.id]}
            actionId={run.actions.find((action) => action.itemId === item.id)?.id ?? null}
            onDraft={(draft) => changeDraft(item, draft)}
            onNote={(note) => changeNote(item, note)}
            onPhotos={(next) => changePhotos(item, next)}
            onBlur={() => saver.flush(item.id)}
            onRetry={() => saver.retry(item.id)}
          />
        )}
      </RunSections>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <RunProgress answered={answered} total={total} compact />
          {submitError && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {submitError}
            </Alert>
          )}
          <Button
            size="lg"
            fullWidth
            leftSection={<IconSend size={20} aria-hidden />}
            onClick={submitRun}
            disabled={blocked || submit.isPending}
            loading={submit.isPending}
            aria-describedby={reason ? reasonId : undefined}
          >
            <Trans>Submit checklist</Trans>
          </Button>
          {reason && (
            <Text id={reasonId} size="sm" c="gray.7" ta="center">
              {reason}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
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
  item: ChecklistItem;
  draft: Draft;
  note: string;
  photos: PhotoRef[];
  progress: ItemProgress;
  saveState: SaveState | undefined;
  actionId: string | null;
  onDraft: (draft: Draft) => void;
  onNote: (note: string) => void;
  onPhotos: (photos: PhotoRef[]) => void;
  onBlur: () => void;
  onRetry: () => void;
}

function FillItem({
  runId,
  item,
  draft,
  note,
  photos,
  progress,
  saveState,
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
            />
            {(progress.needsPhoto || (item.kind === 'photo' && photos.length === 0)) && (
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

/** Whether an item's last value reached the server: Saving…, Saved, or Not saved with Retry. */
function SaveStatus({ state, onRetry }: { state: SaveState | undefined; onRetry: () => void }) {
  const { text } = useCoreText();
  return (
    <div aria-live="polite">
      {state?.state === 'waiting' || state?.state === 'saving' ? (
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
