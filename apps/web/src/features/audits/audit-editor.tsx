import { groupByTemplate } from '@brigade/core/audit-groups';
import { messages } from '@brigade/core/messages';
import type { AuditDetail, AuditItem } from '@brigade/core/schemas/audits';
import {
  AUDIT_MARKS,
  type AuditMark,
  computeFinalScore,
  MARK_LABELS,
  MARK_VALUES,
  scoreColour,
} from '@brigade/core/scoring';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Progress, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { OutboxItemStatus } from '../../components/outbox/outbox-item-status';
import { PhotoGallery } from '../../components/photos/photo-gallery';
import { PhotoUploader } from '../../components/photos/photo-uploader';
import { useWaitingPhotos, WaitingPhotos } from '../../components/photos/waiting-photos';
import { ScoreBadge } from '../../components/score-badge';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { type OutboxItem, onSent } from '../../lib/offline/outbox';
import { auditSubject, useAuditOutbox } from './api/audit-outbox';
import { auditQueryKey } from './api/get-audit';
import { useSaveAuditDraft } from './api/save-audit-draft';
import { useSubmitAudit } from './api/submit-audit';
import classes from './audit-editor.module.css';
import { FindingActions } from './finding-actions';
import { FindingTraining } from './finding-training';

interface ItemValue {
  mark: AuditMark | null;
  comment: string;
}

type Values = Record<string, ItemValue>;

function valuesOf(audit: AuditDetail): Values {
  return Object.fromEntries(audit.items.map((item) => [item.id, { mark: item.mark, comment: item.comment ?? '' }]));
}

/**
 * What the editor reports itself: items left unmarked, or the change could not even be
 * kept on this device. What the server refused (a conflict, a 400) stays in the outbox
 * and shows from there, with the person's version.
 */
type Failure = { kind: 'unassessed'; remaining: number } | { kind: 'failed'; title: string; message: string | null };

/** The marks and comments of a save or submit waiting in the outbox. */
function valuesOfChange(change: OutboxItem): { values: Values; version: number } | null {
  const body = change.body as
    | { version?: number; items?: { id: string; mark: AuditMark | null; comment: string | null }[] }
    | undefined;
  if (!body?.items || typeof body.version !== 'number') return null;
  const values = Object.fromEntries(
    body.items.map((item) => [item.id, { mark: item.mark, comment: item.comment ?? '' }]),
  );
  return { values, version: body.version };
}

interface AuditEditorProps {
  audit: AuditDetail;
  /** Fetches the stored audit and starts the editor over from it (after the person discards a refused change). */
  onReload: () => Promise<void>;
}

/**
 * The audit's items grouped by template: a mark and a comment each (core-operations §4).
 * hq fills in a draft and saves or submits it; a completed audit, and any audit for
 * managers and staff, is read-only. The editor keeps the version it started from, so a
 * save over someone else's newer save is refused (409) instead of overwriting it.
 */
export function AuditEditor({ audit, onReload }: AuditEditorProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(audit));
  const [version, setVersion] = useState(audit.version);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const save = useSaveAuditDraft();
  const submit = useSubmitAudit({
    // The page starts a read-only view from the completed audit.
    onSuccess: (completed) => {
      if (!completed) return;
      const score = completed.finalScore ?? 0;
      notifications.show({ color: 'green', message: t`Audit submitted: score ${score}%` });
    },
    onError: (error) => setFailure(keptNothing(error, messages.auditSubmitFailed)),
  });
  const outbox = useAuditOutbox(audit.id);
  // The newest save or submit not sent yet: a newer one replaces a waiting one.
  const change = outbox.findLast((item) => item.kind === 'auditDraft' || item.kind === 'auditSubmit');
  const submitWaits = change?.kind === 'auditSubmit';
  const editable = me.role === 'hq' && audit.status === 'draft';
  // After Submit, offline, the marks stay as they were sent: nothing more to change.
  const locked = submitWaits || submit.isPending;
  const touched = useRef(false);
  const label = t`Audit · ${audit.restaurant.name}`;

  // Reopened with a save or submit still waiting (a reload, offline): the person's values.
  // Not over a completed audit: its stored marks show, the person's in the conflict.
  useEffect(() => {
    if (!change || touched.current || !editable) return;
    const waiting = valuesOfChange(change);
    if (!waiting) return;
    touched.current = true;
    setValues((current) => ({ ...current, ...waiting.values }));
    setVersion(waiting.version);
  }, [change, editable]);

  // A save the outbox sends later moves the version the next save starts from.
  useEffect(
    () =>
      onSent((item) => {
        if (item.subject !== auditSubject(audit.id) || item.kind !== 'auditDraft') return;
        const reply = item.reply as { version?: number } | undefined;
        if (typeof reply?.version === 'number') setVersion(reply.version);
      }),
    [audit.id],
  );

  // A refusal shows beside the audit as it now is (submitted or deleted by someone else).
  const refused = outbox
    .filter((item) => item.state === 'conflict' || item.state === 'failed')
    .map((item) => item.id)
    .join(',');
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: auditQueryKey(audit.id) });
  }, [refused, audit.id, queryClient]);

  const groups = useMemo(() => groupByTemplate(audit.items), [audit.items]);
  const marks = audit.items.map((item) => values[item.id]?.mark ?? null);
  const assessed = marks.filter((mark) => mark !== null).length;
  const total = audit.items.length;
  const remaining = total - assessed;

  function changeItem(itemId: string, patch: Partial<ItemValue>) {
    touched.current = true;
    setValues((current) => {
      const previous = current[itemId] ?? { mark: null, comment: '' };
      return { ...current, [itemId]: { ...previous, ...patch } };
    });
  }

  const input = () => ({
    version,
    items: audit.items.map((item) => {
      const value = values[item.id];
      return { id: item.id, mark: value?.mark ?? null, comment: value?.comment.trim() || null };
    }),
  });

  function saveDraft() {
    setFailure(null);
    touched.current = true;
    save.mutate(
      { id: audit.id, input: input(), label },
      {
        onSuccess: (saved) => {
          if (saved) {
            setVersion(saved.version);
            notifications.show({ color: 'green', message: text(messages.auditSaved) });
          } else {
            notifications.show({ color: 'blue', message: t`Draft saved on this device.` });
          }
        },
        onError: (error) => setFailure(keptNothing(error, messages.auditSaveFailed)),
      },
    );
  }

  function submitAudit() {
    setFailure(null);
    if (remaining > 0) {
      setShowMissing(true);
      setFailure({ kind: 'unassessed', remaining });
      return;
    }
    touched.current = true;
    submit.mutate({ id: audit.id, input: input(), label });
  }

  /** The change could not be stored on this device (storage full or refused). */
  function keptNothing(error: Error, title: string): Failure {
    return { kind: 'failed', title: text(title), message: error.message || null };
  }

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text fw={600}>
              <Trans>
                {assessed} of {total} assessed
              </Trans>
            </Text>
            {editable && (
              <Group gap={6}>
                <Text size="sm" c="gray.7">
                  <Trans>Score so far</Trans>
                </Text>
                <ScoreBadge status="completed" score={computeFinalScore(marks)} />
              </Group>
            )}
          </Group>
          <Progress.Root size="md">
            <Progress.Section
              value={total === 0 ? 0 : Math.round((assessed / total) * 100)}
              aria-label={t`Items assessed`}
            />
          </Progress.Root>
          {editable && (
            <Text size="sm" c="gray.7">
              <Trans>Unassessed items count as 0 until they get a mark.</Trans>
            </Text>
          )}
        </Stack>
      </Paper>

      {groups.map((group) => (
        <section key={group.templateName} aria-label={group.templateName}>
          <Title order={2} fz="h3" mb="sm">
            {group.templateName}
          </Title>
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.items.map((item) => {
              const value = values[item.id] ?? { mark: null, comment: '' };
              return editable ? (
                <AuditItemCard
                  key={item.id}
                  auditId={audit.id}
                  item={item}
                  value={value}
                  missing={showMissing && !value.mark}
                  onChange={(patch) => changeItem(item.id, patch)}
                  locked={locked}
                />
              ) : (
                <ReadOnlyItem
                  key={item.id}
                  item={item}
                  value={value}
                  completedAuditId={audit.status === 'completed' ? audit.id : null}
                />
              );
            })}
          </Stack>
        </section>
      ))}

      {change && (
        <OutboxItemStatus
          item={change}
          what={submitWaits ? t`Your submit` : t`Your draft`}
          // The person's version is gone: the editor starts over from the stored audit.
          onDiscarded={() => void onReload()}
          conflictAction={editable ? t`Reload` : undefined}
        >
          {change.state === 'conflict' && <ChangeValues change={change} items={audit.items} />}
        </OutboxItemStatus>
      )}

      {editable && (
        <Paper withBorder shadow="md" p="sm" className={classes.actionBar}>
          <Stack gap="sm">
            {failure && <FailureAlert failure={failure} onClose={() => setFailure(null)} />}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                onClick={saveDraft}
                loading={save.isPending}
                disabled={locked}
              >
                <Trans>Save Draft</Trans>
              </Button>
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                onClick={submitAudit}
                loading={submit.isPending}
                disabled={save.isPending || submitWaits}
              >
                <Trans>Submit Audit</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function FailureAlert({ failure, onClose }: { failure: Failure; onClose: () => void }) {
  const { t } = useLingui();
  const { catalogue } = useCoreText();
  const closeProps = { withCloseButton: true, onClose, closeButtonLabel: t`Dismiss message` } as const;
  if (failure.kind === 'unassessed') {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" {...closeProps}>
        {catalogue.assessAllItemsMessage(failure.remaining)}
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={failure.title} {...closeProps}>
      {failure.message}
    </Alert>
  );
}

interface AuditItemCardProps {
  auditId: string;
  item: AuditItem;
  value: ItemValue;
  missing: boolean;
  /** Submitted on this device, waiting to be sent: shown, no longer changed. */
  locked: boolean;
  onChange: (patch: Partial<ItemValue>) => void;
}

/**
 * A draft's item as hq fills it in: the four marks, an optional comment and up to five
 * photos (uploaded at once, apart from Save Draft: marks and comments are never lost).
 */
function AuditItemCard({ auditId, item, value, missing, locked, onChange }: AuditItemCardProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const itemText = item.itemText;
  return (
    <Paper component="li" withBorder p="md" className={missing ? classes.missing : undefined}>
      <Stack gap="sm">
        <Radio.Group
          label={item.itemText}
          value={value.mark}
          onChange={(mark) => onChange({ mark: mark as AuditMark })}
          error={missing ? t`Choose a mark` : undefined}
          styles={{ label: { fontWeight: 600, marginBottom: 6 } }}
        >
          <Group gap="md" mt={4}>
            {AUDIT_MARKS.map((mark) => (
              <Radio key={mark} value={mark} label={text(MARK_LABELS[mark])} disabled={locked} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={t`Comment`}
          aria-label={t`Comment for ${itemText}`}
          placeholder={t`Optional`}
          autosize
          minRows={1}
          maxRows={8}
          maxLength={2000}
          value={value.comment}
          readOnly={locked}
          onChange={(event) => onChange({ comment: event.currentTarget.value })}
        />
        <PhotoUploader
          uploadUrl={`/api/audits/${encodeURIComponent(auditId)}/items/${encodeURIComponent(item.id)}/photos`}
          removeUrl={(photoId) => `/api/photos/${encodeURIComponent(photoId)}`}
          photos={item.photos}
          label={item.itemText}
          disabled={locked}
          outbox={{ kind: 'auditPhoto', subject: auditSubject(auditId), label: t`Audit photo · ${itemText}` }}
        />
      </Stack>
    </Paper>
  );
}

/** The person's marks and comments of a save or submit the server refused: kept visible until discarded. */
function ChangeValues({ change, items }: { change: OutboxItem; items: readonly AuditItem[] }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const mine = valuesOfChange(change);
  if (!mine) return null;
  return (
    <Stack gap={4} component="section" aria-label={t`Your version`}>
      <Text size="sm" fw={600}>
        <Trans>Your version</Trans>
      </Text>
      <Stack gap={2} component="ul" m={0} pl="md">
        {items.map((item) => {
          const value = mine.values[item.id];
          const mark = value?.mark ? text(MARK_LABELS[value.mark]) : t`Not assessed`;
          return (
            <Text key={item.id} size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
              {item.itemText}: {mark}
              {value?.comment ? ` · ${value.comment}` : ''}
            </Text>
          );
        })}
      </Stack>
    </Stack>
  );
}

/**
 * A completed item (or any item for managers and staff) as text to read: its mark and,
 * only when there is one, its comment and its photos (thumbnails that open the viewer;
 * nothing to add or remove). No disabled fields with pale text.
 */
function ReadOnlyItem({
  item,
  value,
  completedAuditId,
}: {
  item: AuditItem;
  value: ItemValue;
  completedAuditId: string | null;
}) {
  const comment = value.comment.trim();
  // A photo this person took offline that reached the audit only after it was completed
  // elsewhere: refused, shown with its reason until discarded.
  const photoUrl = completedAuditId
    ? `/api/audits/${encodeURIComponent(completedAuditId)}/items/${encodeURIComponent(item.id)}/photos`
    : '';
  const refusedPhotos = useWaitingPhotos(completedAuditId ? auditSubject(completedAuditId) : undefined, photoUrl);
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{item.itemText}</Text>
          {value.mark ? (
            <MarkBadge mark={value.mark} />
          ) : (
            <Text size="sm" c="gray.7">
              <Trans>Not assessed</Trans>
            </Text>
          )}
        </Group>
        {comment && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span size="sm" fw={600}>
              <Trans>Comment:</Trans>
            </Text>{' '}
            {comment}
          </Text>
        )}
        <PhotoGallery photos={item.photos} label={item.itemText} />
        <WaitingPhotos items={refusedPhotos} label={item.itemText} />
        {completedAuditId && <FindingActions auditId={completedAuditId} item={item} />}
        {completedAuditId && <FindingTraining item={item} />}
      </Stack>
    </Paper>
  );
}

/** A completed item's mark with a dot coloured by its value (Bad red ... Excellent green); dark text for contrast. */
function MarkBadge({ mark }: { mark: AuditMark }) {
  const { text } = useCoreText();
  return (
    <Badge variant="dot" color={scoreColour(MARK_VALUES[mark])} c="gray.9" tt="none" size="md" fw={600}>
      {text(MARK_LABELS[mark])}
    </Badge>
  );
}
