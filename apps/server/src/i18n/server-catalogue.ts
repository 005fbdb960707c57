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
  /** The food-safety log's PDF and CSV words (issue 33). */
  foodSafetyLog: FoodSafetyLogTexts;
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
    /** The zone every day and time of the report is in: the restaurant's (issue 33). */
    times: (timeZone: string) => string;
    /** `at` is a time ("14:32"), or a day and time when `withDay` (signed on a later day). */
    signedOff: (name: string, at: string, withDay: boolean) => string;
    notSignedOff: string;
    signOffComment: (comment: string) => string;
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
  // The food-safety log (issue 33)
  'Checklist',
  'Window',
  'State',
  'Submitted by',
  'Submitted at',
  'Section',
  'Entry',
  'Value',
  'Unit',
  'Failed',
  'Note',
  'Reason',
  'Entered by',
  'Received at',
  'Corrective action',
  'Signed off',
  // The activity log (issue 36)
  'Entry ID',
  'Time',
  'Activity',
  'Person',
  'Object',
  'Changes',
  'Details',
  'Address',
  'User agent',
] as const;

/** A CSV column's header, by its English wording. */
export type CsvHeader = (typeof CSV_HEADERS)[number];

/** The food-safety log's words: its PDF, and the CSV's cells (issue 33). */
export interface FoodSafetyLogTexts {
  title: (restaurant: string, period: string) => string;
  subject: string;
  heading: string;
  /** A week as its first and last day. */
  week: (start: string, end: string) => string;
  times: (timeZone: string) => string;
  signOffs: string;
  notSignedOff: string;
  signedOffDay: (day: string, name: string, at: string) => string;
  signedOffWeek: (monday: string, name: string, at: string) => string;
  noRecords: string;
  /** A record's state as core's `runStateOf` names it. */
  states: Record<'upcoming' | 'open' | 'done' | 'late' | 'missed', string>;
  submitted: (name: string, at: string) => string;
  notSubmitted: string;
  noValues: string;
  failed: string;
  action: (status: string) => string;
  /** A correction's line: the value it gives is beside it, the original struck through above. */
  correction: (reason: string) => string;
  note: (note: string) => string;
  photo: string;
  made: (moment: string) => string;
  page: (page: number) => string;
  /** The CSV's Entry column. */
  entries: { value: string; correction: string };
  /** A sign-off's period in the CSV's Signed off column. */
  periods: { day: string; week: string };
  /** The temperature sensors' part of the log (issue 37): per device, its days and excursions. */
  sensors: {
    heading: string;
    kinds: Record<'fridge' | 'freezer' | 'hot-holding', string>;
    /** Limits as text ("0", "-18"). */
    device: (name: string, kind: string, low: string, high: string) => string;
    day: (day: string, min: string, max: string, avg: string, count: number, hoursOut: number) => string;
    excursion: (direction: 'high' | 'low', limit: string, peak: string, from: string, to: string | null) => string;
    noReadings: string;
    /** The CSV's Entry column. */
    entries: { day: string; excursion: string };
  };
}
