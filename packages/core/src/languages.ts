/**
 * The chain's languages (issue 22). English is the specification's own: its catalogue is
 * the spec's texts word for word; Dutch and French are written for restaurant staff.
 */
export const LANGUAGES = ['en', 'nl', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, as a language switch lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', nl: 'Nederlands', fr: 'Français' };

/**
 * Dates and numbers are written the way each language's readers expect. English keeps
 * the day-month-year order the screens have always used ("21 Nov 2026").
 */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL', fr: 'fr-FR' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the given language tags ("nl-BE", "fr", "en-US;q=0.8" already split) that
 * Brigade speaks, by its primary subtag; English when none is.
 */
export function firstSpoken(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
