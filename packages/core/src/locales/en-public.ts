import type { CorePublicCatalogue } from './catalogue-parts';
import { PUBLIC_TEXTS, type PublicText } from './public-texts';

/** English before sign-in: the texts as they are. */
export const enPublic: CorePublicCatalogue = {
  texts: Object.fromEntries(PUBLIC_TEXTS.map((text) => [text, text])) as Record<PublicText, string>,
};
