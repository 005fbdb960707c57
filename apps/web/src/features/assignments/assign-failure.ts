import { isApiError } from '../../lib/api-client';

/**
 * What a failed assigning action says: the server's own sentence when it refused the
 * people or trainings (403 "only active staff of your restaurants", 400 a field), else
 * the spec's failure text.
 */
export function assignFailureMessage(error: Error, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const field = error.fields.trainingIds ?? error.fields.staffIds ?? error.fields.dueAt;
  if (error.status === 400 && field) return field;
  if (error.status === 403) return error.message;
  return fallback;
}
