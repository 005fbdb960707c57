import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language } from '@brigade/core/languages';
import { englishNotificationTexts, type NotificationTexts } from '@brigade/core/notification-texts';
import { dayIn } from './day-in';
import { fr } from './fr';
import { nl } from './nl';

/**
 * What the server writes for people outside the web app's screens, in one language
 * (issue 22): notifications (the bell and their emails), the password-reset email, CSV
 * headers and the audit report's PDF. Server-only, so the web's downloads stay small; the
 * texts core shares with the web (messages, role and mark labels) are core's catalogue.
 */
export interface ServerTexts {
  /** Intl's locale for this language's days and times. */
  locale: string;
  notifications: NotificationTexts;
  email: {
    hello: (name: string) => string;
    openInBrigade: string;
    /** Why the person gets a notification's email: the kind's label, already translated. */
    whyKind: (kindLabel: string) => string;
    whyBrigade: string;
    chooseInAppOnly: string;
    resetSubject: string;
    resetAsked: string;
    resetChooseHere: string;
    resetLinkText: string;
    resetValidity: (minutes: number) => string;
  };
  /** Each CSV header by its English wording. */
  csv: Record<CsvHeader, string>;
  /** Words a CSV puts in a cell: a person's state, yes and no, audit and action statuses. */
  csvCells: Record<'active' | 'inactive' | 'yes' | 'no' | 'draft' | 'completed' | 'open' | 'resolved', string>;
  report: {
    title: (restaurant: string, day: string) => string;
    subject: string;
    heading: string;
    finalScore: string;
    date: string;
    auditor: string;
    templates: string;
    none: string;
    scoreColours: string;
    below50: string;
    from50To74: string;
    from75: string;
    noScore: string;
    correctiveActions: string;
    noCorrectiveActions: string;
    notAssessed: string;
    comment: (comment: string) => string;
    noComment: string;
    resolved: string;
    open: string;
    overdue: string;
    dueLine: (day: string, overdue: boolean, owners: string) => string;
    resolvedLine: (day: string | null, note: string | null) => string;
    made: (day: string, time: string) => string;
    pageOf: (page: number, pages: number) => string;
  };
}

const CSV_HEADERS = [
  'Name',
  'Email',
  'Role',
  'Status',
  'Restaurants',
  'Trainings completed',
  'Trainings assigned',
  'Audit ID',
  'Date',
  'Restaurant',
  'Restaurant ID',
  'Templates',
  'Auditor',
  'Score',
  'Action ID',
  'Template',
  'Item',
  'Mark',
  'Comment',
  'Due',
  'Overdue',
  'Owners',
  'Created',
  'Resolved',
  'Resolved by',
  'Resolution note',
  'Training',
  'Assigned at',
  'Due at',
  'Completed at',
  'Quiz score',
  'Quiz passed',
] as const;

/** A CSV column's header, by its English wording. */
export type CsvHeader = (typeof CSV_HEADERS)[number];

export const en: ServerTexts = {
  locale: LANGUAGE_LOCALES.en,
  // Days as English readers see them everywhere ("5 Dec 2026"), not as they are stored.
  notifications: englishNotificationTexts((day) => dayIn(LANGUAGE_LOCALES.en, day)),
  email: {
    hello: (name) => `Hello ${name},`,
    openInBrigade: 'Open it in Brigade',
    whyKind: (kindLabel) => `You get this email for "${kindLabel}".`,
    whyBrigade: 'You get this email from Brigade.',
    chooseInAppOnly: 'Choose in-app only in your profile',
    resetSubject: 'Reset your Brigade password',
    resetAsked: 'Someone (we hope you) asked to reset your Brigade password.',
    resetChooseHere: 'Choose a new one here:',
    resetLinkText: 'Choose a new password',
    resetValidity: (minutes) =>
      `The link works once, within ${minutes} minutes. If you did not ask, ignore this email: your password stays as it is.`,
  },
  csv: Object.fromEntries(CSV_HEADERS.map((header) => [header, header])) as Record<CsvHeader, string>,
  csvCells: {
    active: 'Active',
    inactive: 'Inactive',
    yes: 'Yes',
    no: 'No',
    draft: 'Draft',
    completed: 'Completed',
    open: 'Open',
    resolved: 'Resolved',
  },
  report: {
    title: (restaurant, day) => `Audit of ${restaurant}, ${day}`,
    subject: 'Audit report',
    heading: 'AUDIT REPORT',
    finalScore: 'Final score',
    date: 'Date',
    auditor: 'Auditor',
    templates: 'Templates',
    none: 'none',
    scoreColours: 'Score colours:',
    below50: 'below 50',
    from50To74: '50 to 74',
    from75: '75 and above',
    noScore: 'no score',
    correctiveActions: 'Corrective actions',
    noCorrectiveActions: 'No corrective actions for this audit.',
    notAssessed: 'Not assessed',
    comment: (comment) => `Comment: ${comment}`,
    noComment: 'No comment.',
    resolved: 'Resolved',
    open: 'Open',
    overdue: 'Overdue',
    dueLine: (day, overdue, owners) => `Due ${day}${overdue ? ' (overdue)' : ''} · Owners: ${owners || 'none'}`,
    resolvedLine: (day, note) => `Resolved${day ? ` ${day}` : ''}: ${note || 'no note'}`,
    made: (day, time) => `Made ${day}, ${time} UTC`,
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
  },
};

const texts: Record<Language, ServerTexts> = { en, nl, fr };

/** The server's texts in `language` (a person's choice, or a request's); English when there is none. */
export function serverTexts(language: Language | null | undefined): ServerTexts {
  return texts[language ?? DEFAULT_LANGUAGE];
}

/** A notification's title and body in `language`: written again from its params, or as it was made without them. */
export function notificationIn(
  language: Language | null | undefined,
  notification: { kind: string; title: string; body: string; params: unknown },
): { title: string; body: string } {
  const write = serverTexts(language).notifications[notification.kind as keyof NotificationTexts] as
    | ((...params: unknown[]) => { title: string; body: string })
    | undefined;
  if (!write || !Array.isArray(notification.params)) return { title: notification.title, body: notification.body };
  return write(...notification.params);
}
