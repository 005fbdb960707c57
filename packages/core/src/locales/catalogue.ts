import type { Language } from '../languages';
import { type CoreCatalogue, composeCatalogue } from './catalogue-parts';
import { enApp } from './en-app';
import { enPublic } from './en-public';

/**
 * Core's whole catalogue per language (issue 22): both parts of `catalogue-parts.ts` at
 * once, as the server translates its answers and the tests read them. The web loads the
 * parts instead, so Sign In downloads only the public one.
 */
export type { CoreCatalogue } from './catalogue-parts';
export { translateText } from './catalogue-parts';
export { englishTexts } from './english-texts';

/** English: the texts as they are, which is what the specification says. */
export const en: CoreCatalogue = composeCatalogue(enPublic, enApp);

/** Each language's whole catalogue. */
export const coreCatalogues: Record<Language, () => Promise<CoreCatalogue>> = {
  en: async () => en,
  nl: async () => (await import('./nl')).nl,
  fr: async () => (await import('./fr')).fr,
};
