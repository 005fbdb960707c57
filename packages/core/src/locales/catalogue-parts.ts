import type {
  answerAllQuestionsMessage,
  assessAllItemsMessage,
  assignmentsCreatedMessage,
  pendingAuditsTrend,
  quizScoreBadge,
  quizScoreLine,
  showingAuditsLine,
} from '../messages';
import type { reportsNotConfigured } from '../schemas/reports';
import type { AppText } from './english-texts';
import type { PublicText } from './public-texts';

/**
 * Core's catalogue of a language comes in two parts, as the web's does (decision 027):
 * `public`, what the screens before sign-in say (`PUBLIC_TEXTS`), which Sign In downloads
 * in its language; and `app`, the rest, which loads with the signed-in app. Each part's
 * keys are a type, so a language that misses a text, or adds one, does not compile. The
 * server uses both parts at once (`catalogue.ts`). The catalogues import this file's types;
 * what loads them is `catalogue-part-loaders.ts`, so no catalogue is imported back here.
 */

/** Core's sentences that carry a number: each language writes its own singular and plural. */
export interface CoreSentences {
  pendingAuditsTrend: typeof pendingAuditsTrend;
  showingAuditsLine: typeof showingAuditsLine;
  assignmentsCreatedMessage: typeof assignmentsCreatedMessage;
  quizScoreBadge: typeof quizScoreBadge;
  answerAllQuestionsMessage: typeof answerAllQuestionsMessage;
  quizScoreLine: typeof quizScoreLine;
  assessAllItemsMessage: typeof assessAllItemsMessage;
  /** Carries a list (the missing settings' names, kept as they are), not a number. */
  reportsNotConfigured: typeof reportsNotConfigured;
}

/** The public part: the texts before sign-in, by their English wording. */
export interface CorePublicCatalogue {
  texts: Readonly<Record<PublicText, string>>;
}

/** The app part: the other fixed texts (route titles, menus, labels, messages) and the sentences. */
export interface CoreAppCatalogue extends CoreSentences {
  texts: Readonly<Record<AppText, string>>;
}

/** What core says to people, in one language: every fixed text by its English wording, and the sentences. */
export interface CoreCatalogue extends CoreSentences {
  texts: Readonly<Record<string, string>>;
}

/** A language's whole catalogue from its two parts. */
export function composeCatalogue(publicPart: CorePublicCatalogue, appPart: CoreAppCatalogue): CoreCatalogue {
  return { ...appPart, texts: { ...publicPart.texts, ...appPart.texts } };
}

/**
 * A core text in the catalogue's language: the same text when it is not one of core's
 * (a name, a value typed by someone), so anything can pass through.
 */
export function translateText(catalogue: { readonly texts: Readonly<Record<string, string>> }, text: string): string {
  return Object.hasOwn(catalogue.texts, text) ? (catalogue.texts[text] ?? text) : text;
}
