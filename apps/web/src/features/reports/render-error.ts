import { t } from '@lingui/core/macro';
import type { models } from 'powerbi-client';

/** A render problem as the page shows it: a headline line and technical key/value pairs. */
export interface RenderProblem {
  message: string | null;
  details: { key: string; value: string }[];
}

/**
 * Reads the `detail` of the embed's `error` event (powerbi-models IError) or an error
 * the SDK threw while embedding (an invalid embed URL, say).
 */
export function renderProblemOf(detail: unknown): RenderProblem {
  if (detail instanceof Error) return { message: detail.message || null, details: [] };
  if (typeof detail !== 'object' || detail === null) return { message: null, details: [] };
  const error = detail as Partial<models.IError>;
  const details: RenderProblem['details'] = [];
  if (error.errorCode) details.push({ key: t`Error code`, value: String(error.errorCode) });
  if (error.technicalDetails?.requestId) details.push({ key: t`Request id`, value: error.technicalDetails.requestId });
  for (const pair of error.technicalDetails?.errorInfo ?? []) {
    if (pair?.key) details.push({ key: pair.key, value: String(pair.value ?? '') });
  }
  // The detailed message first; the message only when it says something else.
  const message = error.detailedMessage || error.message || null;
  if (error.detailedMessage && error.message && error.message !== error.detailedMessage) {
    details.unshift({ key: t`Message`, value: error.message });
  }
  return { message, details };
}

/** Whether an `error` event only says the embed token ran out (the page then sets a new one). */
export function isTokenExpired(detail: unknown): boolean {
  return typeof detail === 'object' && detail !== null && (detail as { message?: unknown }).message === 'TokenExpired';
}
