import { CADENCE_LABELS } from '../audit-periods';
import { checklistMessages } from '../checklist-items';
import {
  ackMessages,
  actionMessages,
  messages,
  noActiveRestaurantMessage,
  selectRestaurantMessages,
} from '../messages';
import { type NotificationKind, notificationKinds } from '../notification-kinds';
import { offlineMessages } from '../offline';
import { ROLE_LABELS, type Role } from '../roles';
import {
  appRoutes,
  demoEmailsEntries,
  hqReportEntries,
  type NavLabel,
  type RouteTitle,
  sidebarEntries,
  tabBarEntries,
} from '../routes';
import { scheduleMessages } from '../schedule-messages';
import { signOffMessages } from '../schemas/audit-sign-offs';
import { foodSafetyLogMessages } from '../schemas/food-safety-log';
import { photoMessages } from '../schemas/photos';
import { reportsUnavailable } from '../schemas/reports';
import { sensorFormMessages } from '../schemas/sensors';
import { webhookCardTexts, webhookEventTitles, webhookMessages } from '../schemas/webhooks';
import { type AuditMark, MARK_LABELS } from '../scoring';
import { watchEveryVideoToComplete } from '../training-completion';
import { PUBLIC_TEXTS, type PublicText } from './public-texts';

type ValueOf<T> = T[keyof T];

/** Core's fixed English texts, as a type: each language's catalogue has one key per member. */
export type EnglishText =
  | ValueOf<typeof messages>
  | ValueOf<typeof selectRestaurantMessages>
  | ValueOf<typeof actionMessages>
  | ValueOf<typeof ackMessages>
  | ValueOf<typeof scheduleMessages>
  | ValueOf<typeof signOffMessages>
  | ValueOf<typeof photoMessages>
  | ValueOf<typeof checklistMessages>
  | ValueOf<typeof foodSafetyLogMessages>
  | ValueOf<typeof offlineMessages>
  | ValueOf<typeof sensorFormMessages>
  | typeof noActiveRestaurantMessage
  | (typeof ROLE_LABELS)[Role]
  | (typeof MARK_LABELS)[AuditMark]
  | ValueOf<typeof CADENCE_LABELS>
  | typeof reportsUnavailable
  | (typeof notificationKinds)[NotificationKind]['label']
  | typeof watchEveryVideoToComplete
  | ValueOf<typeof webhookMessages>
  | ValueOf<typeof webhookEventTitles>
  | ValueOf<typeof webhookCardTexts>
  | RouteTitle
  | NavLabel;

/**
 * The texts the signed-in app adds to the public ones. `never` if a source above ever
 * types its texts as plain `string`: every app catalogue then fails to compile, rather
 * than the key check silently accepting anything.
 */
export type AppText = string extends EnglishText ? never : Exclude<EnglishText, PublicText>;

/** Core's fixed English texts: the specification's words, each once. */
export function englishTexts(): EnglishText[] {
  return [
    ...new Set<EnglishText>([
      ...Object.values(messages),
      ...Object.values(selectRestaurantMessages),
      ...Object.values(actionMessages),
      ...Object.values(ackMessages),
      ...Object.values(scheduleMessages),
      ...Object.values(signOffMessages),
      ...Object.values(photoMessages),
      ...Object.values(checklistMessages),
      ...Object.values(foodSafetyLogMessages),
      ...Object.values(offlineMessages),
      ...Object.values(sensorFormMessages),
      noActiveRestaurantMessage,
      ...Object.values(ROLE_LABELS),
      ...Object.values(MARK_LABELS),
      ...Object.values(CADENCE_LABELS),
      reportsUnavailable,
      ...Object.values(notificationKinds).map((kind) => kind.label),
      watchEveryVideoToComplete,
      ...Object.values(webhookMessages),
      ...Object.values(webhookEventTitles),
      ...Object.values(webhookCardTexts),
      ...appRoutes.map((route) => route.title as RouteTitle),
      ...[...sidebarEntries, ...hqReportEntries, ...demoEmailsEntries, ...tabBarEntries].map(
        (entry) => entry.label as NavLabel,
      ),
    ]),
  ];
}

/** The texts of the app part: every English text but the public ones. */
export function appTexts(): AppText[] {
  const publicTexts = new Set<string>(PUBLIC_TEXTS);
  return englishTexts().filter((text): text is AppText => !publicTexts.has(text));
}
