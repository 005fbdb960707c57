import {
  answerAllQuestionsMessage,
  assessAllItemsMessage,
  assignmentsCreatedMessage,
  pendingAuditsTrend,
  quizScoreBadge,
  quizScoreLine,
  showingAuditsLine,
} from '../messages';
import { reportsNotConfigured } from '../schemas/reports';
import type { CoreAppCatalogue } from './catalogue-parts';
import { type AppText, appTexts } from './english-texts';

/** English in the signed-in app: the texts as they are, which is what the specification says. */
export const enApp: CoreAppCatalogue = {
  texts: Object.fromEntries(appTexts().map((text) => [text, text])) as Record<AppText, string>,
  pendingAuditsTrend,
  showingAuditsLine,
  assignmentsCreatedMessage,
  quizScoreBadge,
  answerAllQuestionsMessage,
  quizScoreLine,
  assessAllItemsMessage,
  reportsNotConfigured,
};
