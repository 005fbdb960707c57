/**
 * The embed area's texts (reports §2 "Report embed display", §8). They are screen texts
 * of this feature only: the server never sends them.
 */
export const reportMessages = {
  loading: 'Loading report...',
  loadFailed: 'Failed to load dashboard',
  noEmbedConfig: 'No embed configuration returned',
  missingData: 'Edge function response missing data property',
  renderFailed: 'Failed to render report',
  unknownError: 'An unknown error occurred',
  refreshFailed: 'Failed to refresh embed token',
} as const;

export function attemptLine(attempt: number): string {
  return `Attempt ${attempt}`;
}
