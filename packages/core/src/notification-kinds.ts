import type { Role } from './roles';

/**
 * Every kind of notification (issue 20), in the order Profile lists them. Each person
 * chooses per kind: in-app only, or in-app and email. `email` is the choice until they
 * make one; `roles` are who can receive it, so Profile offers only those.
 */
export const notificationKinds = {
  trainingAssigned: { label: 'New training assigned', email: true, roles: ['staff', 'manager', 'hq'] },
  trainingDueSoon: { label: 'Training due in 3 days', email: true, roles: ['staff', 'manager', 'hq'] },
  trainingOverdue: { label: 'Training overdue', email: true, roles: ['staff', 'manager', 'hq'] },
  announcementAck: {
    label: 'Announcement requiring acknowledgement',
    email: true,
    roles: ['staff', 'manager', 'hq'],
  },
  actionAssigned: { label: 'Corrective action assigned', email: true, roles: ['manager', 'hq'] },
  actionOverdue: { label: 'Corrective action overdue', email: true, roles: ['manager', 'hq'] },
  auditDue: { label: 'Audit due', email: false, roles: ['manager', 'hq'] },
  trainingSuggested: { label: 'Training suggested by an audit finding', email: false, roles: ['manager', 'hq'] },
  // Checklists (issue 33): to the restaurant's people as a window opens, to its managers when one is missed.
  checklistOpen: { label: 'Checklist window open', email: false, roles: ['staff', 'manager'] },
  checklistMissed: { label: 'Checklist missed', email: true, roles: ['manager'] },
  // Webhooks (issue 37): an endpoint turned off after 24 hours of failed deliveries.
  webhookDisabled: { label: 'Webhook turned off after failures', email: true, roles: ['hq'] },
  // hq's digest is of the whole chain (issue 33); the label is the managers' words.
  weeklyDigest: { label: 'Weekly digest of my restaurant', email: true, roles: ['manager', 'hq'] },
  // Temperature sensors (issue 37): to the restaurant's managers.
  sensorExcursion: { label: 'Temperature out of range', email: true, roles: ['manager'] },
  sensorOffline: { label: 'Sensor offline', email: true, roles: ['manager'] },
} as const satisfies Record<string, { label: string; email: boolean; roles: readonly Role[] }>;

export type NotificationKind = keyof typeof notificationKinds;

export const NOTIFICATION_KINDS = Object.keys(notificationKinds) as [NotificationKind, ...NotificationKind[]];

/** Days before a due date that "Training due in 3 days" is sent. */
export const TRAINING_DUE_SOON_DAYS = 3;

/** The due date a training suggested by a finding is preset to, in days from today. */
export const SUGGESTED_TRAINING_DUE_DAYS = 7;
