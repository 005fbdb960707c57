import type { NotificationKind } from './notification-kinds';

/** One line of a weekly digest's overdue trainings. */
export interface DigestTraining {
  person: string;
  training: string;
  /** YYYY-MM-DD */
  dueOn: string;
}

/** One line of a weekly digest's open corrective actions. */
export interface DigestAction {
  itemText: string;
  restaurant: string;
  /** YYYY-MM-DD */
  dueOn: string;
  overdue: boolean;
}

/**
 * A weekly digest's checklists (issue 33): records of the recipient's restaurants missed
 * and submitted late over the 7 local days before the digest's day, and the restaurants
 * with any, most missed first (the first few; `restaurantCount` says how many in all).
 */
export interface DigestChecklists {
  missed: number;
  late: number;
  restaurantCount: number;
  restaurants: { restaurant: string; missed: number; late: number }[];
}

/**
 * What each kind of notification is made from: names as they were when it was made, and
 * days as YYYY-MM-DD. A notification keeps these (`notifications.params`), so its title
 * and body are written in the reader's language when it is read or emailed (issue 22).
 */
export interface NotificationParams {
  trainingAssigned: [training: string, dueOn: string | null];
  trainingDueSoon: [training: string, dueOn: string];
  trainingOverdue: [training: string, dueOn: string];
  announcementAck: [title: string];
  actionAssigned: [itemText: string, restaurant: string, dueOn: string];
  actionOverdue: [itemText: string, restaurant: string, dueOn: string];
  auditDue: [restaurant: string, schedule: string, periodEnd: string];
  trainingSuggested: [training: string, itemText: string, restaurant: string];
  /** `window` as the restaurant's clock shows it, `08:00–09:00`. */
  checklistOpen: [checklist: string, restaurant: string, window: string];
  checklistMissed: [checklist: string, restaurant: string, localDay: string, window: string];
  /** The endpoint's host (its path may carry a secret). */
  webhookDisabled: [host: string];
  /** Issue 37: limit and peak in °C as text ("5", "9.3"); since: the restaurant's local day and `HH:MM`. */
  sensorExcursion: [
    device: string,
    restaurant: string,
    direction: 'high' | 'low',
    limit: string,
    peak: string,
    sinceDay: string,
    sinceTime: string,
  ];
  /** The last reading's local day and `HH:MM`. */
  sensorOffline: [device: string, restaurant: string, lastDay: string, lastTime: string];
  /** `restaurants` null: hq's digest of the whole chain. `checklists` when the restaurants had checklist records that week. */
  weeklyDigest: [
    restaurants: string | null,
    overdueTrainings: number,
    openActions: number,
    trainings?: DigestTraining[],
    actions?: DigestAction[],
    checklists?: DigestChecklists,
  ];
}

/** A language's title and body of each kind of notification. */
export type NotificationTexts = {
  [Kind in NotificationKind]: (...params: NotificationParams[Kind]) => { title: string; body: string };
};

/** "…and 3 more" under a digest's list that names fewer than it counts. */
const more = (count: number, shown: number) => (count > shown ? [`…and ${count - shown} more`] : []);

/**
 * The title and body of each kind of notification (issue 20), in English, with each day
 * written by `day`: the bell's list shows them, and an email uses the title as its
 * subject. One place, so the server's writers and the tests say the same words. Dutch and
 * French are in the server's texts.
 */
export function englishNotificationTexts(day: (yyyyMmDd: string) => string): NotificationTexts {
  return {
    trainingAssigned: (training, dueOn) => ({
      title: `New training: ${training}`,
      body: dueOn ? `Due ${day(dueOn)}` : 'No due date',
    }),
    trainingDueSoon: (training, dueOn) => ({
      title: `Training due soon: ${training}`,
      body: `Due ${day(dueOn)}`,
    }),
    trainingOverdue: (training, dueOn) => ({
      title: `Training overdue: ${training}`,
      body: `It was due ${day(dueOn)}`,
    }),
    announcementAck: (title) => ({
      title: `Please acknowledge: ${title}`,
      body: 'Read it and press "I have read this".',
    }),
    actionAssigned: (itemText, restaurant, dueOn) => ({
      title: `Corrective action assigned: ${itemText}`,
      body: `${restaurant} · due ${day(dueOn)}`,
    }),
    actionOverdue: (itemText, restaurant, dueOn) => ({
      title: `Corrective action overdue: ${itemText}`,
      body: `${restaurant} · it was due ${day(dueOn)}`,
    }),
    auditDue: (restaurant, schedule, periodEnd) => ({
      title: `Audit due: ${restaurant}`,
      body: `${schedule} · before ${day(periodEnd)}`,
    }),
    trainingSuggested: (training, itemText, restaurant) => ({
      title: `Training suggested: ${training}`,
      body: `"${itemText}" needs attention at ${restaurant}`,
    }),
    checklistOpen: (checklist, restaurant, window) => ({
      title: `Checklist open: ${checklist}`,
      body: `${restaurant} · ${window}`,
    }),
    checklistMissed: (checklist, restaurant, localDay, window) => ({
      title: `Checklist missed: ${checklist}`,
      body: `${restaurant} · ${day(localDay)} ${window}`,
    }),
    webhookDisabled: (host) => ({
      title: `Webhook turned off: ${host}`,
      body: 'Deliveries to it failed for 24 hours. Fix the receiver, then turn the webhook on again under Webhooks.',
    }),
    sensorExcursion: (device, restaurant, direction, limit, peak, sinceDay, sinceTime) => ({
      title: `Temperature out of range: ${device}`,
      body: `${restaurant} · ${direction === 'high' ? 'above' : 'below'} ${limit} °C since ${day(sinceDay)} ${sinceTime}, peak ${peak} °C`,
    }),
    sensorOffline: (device, restaurant, lastDay, lastTime) => ({
      title: `Sensor offline: ${device}`,
      body: `${restaurant} · no reading since ${day(lastDay)} ${lastTime}`,
    }),
    weeklyDigest: (restaurants, overdueTrainings, openActions, trainings = [], actions = [], checklists) => {
      const lines = [
        `${overdueTrainings} overdue training${overdueTrainings === 1 ? '' : 's'} · ${openActions} open corrective action${openActions === 1 ? '' : 's'}`,
      ];
      if (checklists) {
        lines.push(`Checklists, last 7 days: ${checklists.missed} missed · ${checklists.late} late`);
        for (const item of checklists.restaurants) {
          lines.push(`- ${item.restaurant}: ${item.missed} missed, ${item.late} late`);
        }
        lines.push(...more(checklists.restaurantCount, checklists.restaurants.length));
      }
      if (trainings.length) {
        lines.push('', 'Overdue trainings:');
        for (const item of trainings) lines.push(`- ${item.person}: ${item.training} (due ${day(item.dueOn)})`);
        lines.push(...more(overdueTrainings, trainings.length));
      }
      if (actions.length) {
        lines.push('', 'Open corrective actions:');
        for (const item of actions) {
          lines.push(
            `- ${item.itemText} at ${item.restaurant} (${item.overdue ? 'overdue, was due' : 'due'} ${day(item.dueOn)})`,
          );
        }
        lines.push(...more(openActions, actions.length));
      }
      return { title: `Weekly digest: ${restaurants ?? 'the whole chain'}`, body: lines.join('\n') };
    },
  };
}

/**
 * The English a notification is stored with (`notifications.title`, `body`), days as
 * they are (YYYY-MM-DD), so one written in SQL (texts-sql.ts) and one written here store
 * the same words. People read them again from the params, days in their locale
 * (apps/server `serverTexts`), so this is only what a row without params falls back to.
 */
export const notificationTexts: NotificationTexts = englishNotificationTexts((day) => day);

/**
 * A notification of `kind` made from `params`: its English title and body (kept with it,
 * and what a reader without another language sees), and the params to write it again in
 * another language.
 */
export function notificationContent<Kind extends NotificationKind>(kind: Kind, ...params: NotificationParams[Kind]) {
  const texts = notificationTexts[kind] as (...args: NotificationParams[Kind]) => { title: string; body: string };
  return { kind, ...texts(...params), params };
}
