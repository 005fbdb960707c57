import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@brigade/core/languages';
import { type CoreCatalogue, en } from '@brigade/core/locales/catalogue';
import { fr } from '@brigade/core/locales/fr';
import { nl } from '@brigade/core/locales/nl';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

const catalogues: Record<Language, CoreCatalogue> = { en, nl, fr };

/**
 * The cookie in which the web app names the language it shows (apps/web `lib/i18n.ts`):
 * a download the browser makes itself (a CSV, the audit report's PDF) carries no
 * Accept-Language of the app's, but carries this.
 */
export const LANGUAGE_COOKIE = 'brigade-language';

/**
 * The language to answer a request in (issue 22): the one the web shows (its cookie, or
 * the Accept-Language it sends on every call); else the caller's choice on Profile; else
 * English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const shown = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(shown)) return shown;
  return acceptedLanguage(request.headers['accept-language']) ?? request.sessionUser?.language ?? DEFAULT_LANGUAGE;
}

/**
 * The language a browser's request shows (its cookie, else its Accept-Language), for one
 * that did not come through Fastify's routes (Better Auth's); null when it names none.
 */
export function languageOfHeaders(headers: Headers | undefined): Language | null {
  const cookie = fastifyCookie.parse(headers?.get('cookie') ?? '')[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  return acceptedLanguage(headers?.get('accept-language') ?? undefined) ?? null;
}

/**
 * The first language of an Accept-Language header that Brigade speaks. Negotiator orders
 * the header's tags by q-value (dropping q=0); a tag counts by its primary subtag (nl-BE
 * is nl). "*" (any; Node's fetch sends it) names none, and leaves the person's choice.
 */
function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  return new Negotiator({ headers: { 'accept-language': header } })
    .languages()
    .map((tag) => tag.toLowerCase().split('-')[0])
    .find(isLanguage);
}

/** Core's texts in a language: what people read in the server's answers, emails and files. */
export function catalogueFor(language: Language): CoreCatalogue {
  return catalogues[language];
}

/** One of core's fixed texts (a message, a role or mark label) in a language. */
export function coreText(language: Language, text: string): string {
  return catalogues[language].texts[text] ?? text;
}
