import type { Language } from '../languages';
import {
  ackMessages,
  actionMessages,
  answerAllQuestionsMessage,
  assessAllItemsMessage,
  assignmentsCreatedMessage,
  messages,
  noActiveRestaurantMessage,
  pendingAuditsTrend,
  quizScoreBadge,
  quizScoreLine,
  selectRestaurantMessages,
  showingAuditsLine,
} from '../messages';
import { notificationKinds } from '../notification-kinds';
import { ROLE_LABELS } from '../roles';
import { appRoutes, hqReportEntries, sidebarEntries, tabBarEntries } from '../routes';
import { scheduleMessages } from '../schedule-messages';
import { MARK_LABELS } from '../scoring';
import { watchEveryVideoToComplete } from '../training-completion';

/**
 * What core says to people, in one language (issue 22): its fixed texts by their English
 * wording, and the sentences that carry a number. The server answers with them (field
 * messages, refusals) and the web shows them, so both translate them here, the same way.
 */
export interface CoreCatalogue {
  /** Every fixed text of `englishTexts()`, by its English wording. */
  texts: Readonly<Record<string, string>>;
  pendingAuditsTrend: typeof pendingAuditsTrend;
  showingAuditsLine: typeof showingAuditsLine;
  assignmentsCreatedMessage: typeof assignmentsCreatedMessage;
  quizScoreBadge: typeof quizScoreBadge;
  answerAllQuestionsMessage: typeof answerAllQuestionsMessage;
  quizScoreLine: typeof quizScoreLine;
  assessAllItemsMessage: typeof assessAllItemsMessage;
}

/** Core's fixed English texts: the specification's words, each once. */
export function englishTexts(): string[] {
  return [
    ...new Set<string>([
      ...Object.values(messages),
      ...Object.values(selectRestaurantMessages),
      ...Object.values(actionMessages),
      ...Object.values(ackMessages),
      ...Object.values(scheduleMessages),
      noActiveRestaurantMessage,
      ...Object.values(ROLE_LABELS),
      ...Object.values(MARK_LABELS),
      ...Object.values(notificationKinds).map((kind) => kind.label),
      watchEveryVideoToComplete,
      ...appRoutes.map((route) => route.title),
      ...[...sidebarEntries, ...hqReportEntries, ...tabBarEntries].map((entry) => entry.label),
    ]),
  ];
}

/** English: the texts as they are, which is what the specification says. */
export const en: CoreCatalogue = {
  texts: Object.fromEntries(englishTexts().map((text) => [text, text])),
  pendingAuditsTrend,
  showingAuditsLine,
  assignmentsCreatedMessage,
  quizScoreBadge,
  answerAllQuestionsMessage,
  quizScoreLine,
  assessAllItemsMessage,
};

/** Each language's catalogue, loaded when it is needed (the web downloads only the chosen one). */
export const coreCatalogues: Record<Language, () => Promise<CoreCatalogue>> = {
  en: async () => en,
  nl: async () => (await import('./nl')).nl,
  fr: async () => (await import('./fr')).fr,
};

/**
 * A core text in the catalogue's language: the same text when it is not one of core's
 * (a name, a value typed by someone), so anything can pass through.
 */
export function translateText(catalogue: CoreCatalogue, text: string): string {
  return catalogue.texts[text] ?? text;
}
