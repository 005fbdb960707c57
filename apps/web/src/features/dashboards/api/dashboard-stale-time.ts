/**
 * A home screen summarises what others change, so each visit asks again; but an answer
 * asked for while the page's code was still downloading (main.tsx starts it with the
 * session check) is this visit's, and must not be asked for a second time on mount.
 */
export const DASHBOARD_STALE_MS = 5_000;
