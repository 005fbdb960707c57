import type { NotificationTexts } from '@brigade/core/notification-texts';

/**
 * What the server writes for people outside the web app's screens, in one language
 * (issue 22): notifications (the bell and their emails), the password-reset email, CSV
 * headers and the audit report's PDF. Server-only, so the web's downloads stay small; the
 * texts core shares with the web (messages, role and mark labels) are core's catalogue.
 * Each language's catalogue (en.ts, nl.ts, fr.ts) is one of these; server-texts.ts picks
 * one, and no catalogue imports it back.
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

export const CSV_HEADERS = [
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
