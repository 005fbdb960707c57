import type { ChecklistValue } from '@brigade/core/checklist-items';
import { ChecklistRun } from '@brigade/core/schemas/checklists';
import { PhotoRef } from '@brigade/core/schemas/photos';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { checklistTodayQueryKey } from '../../../lib/api/get-checklist-today';
import { enqueue, type OutboxItem, onSent, syncNow } from '../../../lib/offline/outbox';
import { checklistRunQueryKey } from './api/get-checklist-run';

/**
 * A checklist record's changes go through the outbox (issue 34, decision 033), online or
 * not: one item per value, photo and submit, sent in order per record. This module names
 * them and folds their replies into the cached record.
 */

/** The outbox subject of a record: its items are sent strictly in order. */
export const runSubject = (runId: string) => `checklist-run:${runId}`;

/** A newer value of one item replaces the one still waiting. */
export const itemReplaceKey = (runId: string, itemId: string) => `${runSubject(runId)}:item:${itemId}`;

const runPath = (runId: string) => `/api/checklist-runs/${encodeURIComponent(runId)}`;
const itemPath = (runId: string, itemId: string) => `${runPath(runId)}/items/${encodeURIComponent(itemId)}`;

export interface ValueBody {
  value: ChecklistValue;
  note: string | null;
}

/** The item a value or photo of the outbox is for, read from its address. */
export function itemIdOf(item: Pick<OutboxItem, 'url'>): string | null {
  const match = /\/items\/([^/]+)/.exec(item.url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export function queueValue(runId: string, itemId: string, body: ValueBody, label: string, userId: string) {
  return enqueue({
    kind: 'checklistValue',
    subject: runSubject(runId),
    label,
    method: 'PUT',
    url: itemPath(runId, itemId),
    body,
    replaceKey: itemReplaceKey(runId, itemId),
    userId,
  });
}

export function queuePhoto(runId: string, itemId: string, file: File, label: string, userId: string) {
  return enqueue({
    kind: 'checklistPhoto',
    subject: runSubject(runId),
    label,
    method: 'POST',
    url: `${itemPath(runId, itemId)}/photos`,
    photo: { blob: file, name: file.name || 'photo.jpg', bytes: file.size },
    userId,
  });
}

export function queueSubmit(runId: string, label: string, userId: string) {
  return enqueue({
    kind: 'checklistSubmit',
    subject: runSubject(runId),
    label,
    method: 'POST',
    url: `${runPath(runId)}/submit`,
    userId,
  });
}

/** Sends what waits now; offline (or while another tab sends) it waits for the outbox's next pass. */
export function sendSoon() {
  void syncNow().catch(() => {});
}

const isRunItem = (item: OutboxItem) => item.subject.startsWith('checklist-run:');

/** What one sent item changes in the cached record (its reply is the record, or the stored photo). */
export function applySent(queryClient: QueryClient, item: OutboxItem) {
  if (!isRunItem(item)) return;
  const runId = item.subject.slice('checklist-run:'.length);
  if (item.kind === 'checklistPhoto') {
    const photo = PhotoRef.safeParse(item.reply);
    const itemId = itemIdOf(item);
    const cached = queryClient.getQueryData<ChecklistRun>(checklistRunQueryKey(runId));
    if (photo.success && itemId && cached && !cached.photos.some((each) => each.id === photo.data.id)) {
      queryClient.setQueryData(checklistRunQueryKey(runId), {
        ...cached,
        photos: [...cached.photos, { ...photo.data, itemId }],
      });
    } else void queryClient.invalidateQueries({ queryKey: checklistRunQueryKey(runId) });
    return;
  }
  const run = ChecklistRun.safeParse(item.reply);
  if (run.success) queryClient.setQueryData(checklistRunQueryKey(runId), run.data);
  else void queryClient.invalidateQueries({ queryKey: checklistRunQueryKey(runId) });
  if (item.kind === 'checklistSubmit') {
    void queryClient.invalidateQueries({ queryKey: checklistTodayQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['dashboards'] });
  }
}

/** While mounted, every record change the outbox sends updates the cached record (and Today after a submit). */
export function useSentChecklistChanges(listener?: (item: OutboxItem) => void) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSent((item) => {
        applySent(queryClient, item);
        listener?.(item);
      }),
    [queryClient, listener],
  );
}
