import { msg, t } from '@lingui/core/macro';

/**
 * The embed area's texts (reports §2 "Report embed display", §8). They are screen texts
 * of this feature only: the server never sends them. Shown with `i18n._(…)`, in the
 * active language.
 */
export const reportMessages = {
  loading: msg`Loading report...`,
  loadFailed: msg`Failed to load dashboard`,
  noEmbedConfig: msg`No embed configuration returned`,
  missingData: msg`Edge function response missing data property`,
  renderFailed: msg`Failed to render report`,
  unknownError: msg`An unknown error occurred`,
  refreshFailed: msg`Failed to refresh embed token`,
} as const;

export function attemptLine(attempt: number): string {
  return t`Attempt ${attempt}`;
}
