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

/** Said in place of the report when the server has no Power BI settings (mirrors its 503 message). */
export function notConfiguredMessage(missing: readonly string[]): string {
  const settings = missing.length > 0 ? ` Missing settings: ${missing.join(', ')}.` : '';
  return `Power BI is not configured on the server.${settings}`;
}
