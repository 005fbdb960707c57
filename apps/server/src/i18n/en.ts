import { LANGUAGE_LOCALES } from '@brigade/core/languages';
import { englishNotificationTexts } from '@brigade/core/notification-texts';
import { dayIn } from './day-in';
import { CSV_HEADERS, type CsvHeader, type ServerTexts } from './server-catalogue';

/** The server's texts in English, the language of the spec. */
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
