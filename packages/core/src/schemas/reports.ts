import { z } from 'zod';

/**
 * The embedded Power BI reports (reports §2): one contract for the server's
 * `/api/reports/*` routes, its Power BI integration and the web report pages.
 */
export const REPORT_KEYS = [
  'hq-sales',
  'hq-product-mix',
  'hq-operations',
  '23-24-25',
  'sales',
  'product-mix',
  'operations',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** The reports only hq opens; the others are a restaurant's reports (reports §6). */
export const HQ_REPORT_KEYS: readonly ReportKey[] = ['hq-sales', 'hq-product-mix', 'hq-operations', '23-24-25'];

export const ReportParams = z.object({ key: z.enum(REPORT_KEYS, { error: 'Unknown report' }) });

/** The restaurant of a restaurant report; the server decides the identity from it. */
export const ReportTokenRequest = z.object({ restaurantId: z.uuid({ error: 'Invalid id' }).optional() }).default({});
export type ReportTokenRequest = z.input<typeof ReportTokenRequest>;

/** The embed configuration the token call returns (reports §3): enough to embed one report, until `expiration`. */
export const EmbedToken = z.object({
  type: z.literal('report'),
  id: z.string().min(1),
  embedUrl: z.string().min(1),
  accessToken: z.string().min(1),
  expiration: z.string(),
});
export type EmbedToken = z.infer<typeof EmbedToken>;

/** The token call's answer: the configuration under `data`, as the spec's get-powerbi-token. */
export const EmbedConfig = z.object({ data: EmbedToken });
export type EmbedConfig = z.infer<typeof EmbedConfig>;

/**
 * Whether the server can embed reports at all and, when not, the sentence to show in
 * their place. The server words it for the caller: hq reads which settings are missing
 * (`reportsNotConfigured`), everyone else a plain sentence (`reportsUnavailable`).
 */
export const ReportsStatus = z.object({ configured: z.boolean(), message: z.string().nullable() });
export type ReportsStatus = z.infer<typeof ReportsStatus>;

/** What managers read where a report cannot be shown for a reason only head office can fix. */
export const reportsUnavailable = 'Reports are not available yet. Ask head office.';

/** What hq reads in its place: which settings the server lacks (mirrors the token call's 503). */
export function reportsNotConfigured(missing: readonly string[]): string {
  const settings = missing.length > 0 ? ` Missing settings: ${missing.join(', ')}.` : '';
  return `Power BI is not configured on the server.${settings}`;
}
