/** Business constants from core-operations §9. */
export const MIN_PASSWORD_LENGTH = 6;
export const DASHBOARD_ANNOUNCEMENTS = 5;
export const RECENT_AUDITS = 10;
export const STORE_PERFORMANCE_RECENT_AUDITS = 5;
export const COMMENT_PREVIEW_LENGTH = 50;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** People per page of the training assignment overview (each with all their assignment cards). */
export const ASSIGNMENT_OVERVIEW_PAGE_SIZE = 10;
