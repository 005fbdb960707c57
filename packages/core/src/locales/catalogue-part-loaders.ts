import type { Language } from '../languages';
import type { CoreAppCatalogue, CorePublicCatalogue } from './catalogue-parts';
import { enPublic } from './en-public';

/** Each language's public part, loaded when it is needed (English's is at hand: it is the texts themselves). */
export const corePublicCatalogues: Record<Language, () => Promise<CorePublicCatalogue>> = {
  en: async () => enPublic,
  nl: async () => (await import('./nl-public')).nlPublic,
  fr: async () => (await import('./fr-public')).frPublic,
};

/** Each language's app part, loaded with the signed-in app. */
export const coreAppCatalogues: Record<Language, () => Promise<CoreAppCatalogue>> = {
  en: async () => (await import('./en-app')).enApp,
  nl: async () => (await import('./nl-app')).nlApp,
  fr: async () => (await import('./fr-app')).frApp,
};
