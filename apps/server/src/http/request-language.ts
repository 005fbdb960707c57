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
  return languageOf({
    cookie: request.cookies?.[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
    chosen: request.sessionUser?.language,
  });
}

/** The language a browser's request shows, for one that did not come through Fastify's routes (Better Auth's). */
export function languageOfHeaders(headers: Headers | undefined): Language {
  return languageOf({
    cookie: fastifyCookie.parse(headers?.get('cookie') ?? '')[LANGUAGE_COOKIE],
    acceptLanguage: headers?.get('accept-language') ?? undefined,
    chosen: null,
  });
}

function languageOf({
  cookie,
  acceptLanguage,
  chosen,
}: {
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  chosen: Language | null | undefined;
}): Language {
  if (isLanguage(cookie)) return cookie;
  // Negotiator orders the header's tags by q-value (dropping q=0); the first whose primary
  // subtag Brigade speaks wins (nl-BE is nl). "*" (any; Node's fetch sends it) names none,
  // and leaves the person's choice.
  const asked = acceptLanguage
    ? new Negotiator({ headers: { 'accept-language': acceptLanguage } })
        .languages()
        .map((tag) => tag.toLowerCase().split('-')[0])
        .find(isLanguage)
    : undefined;
  return asked ?? chosen ?? DEFAULT_LANGUAGE;
}

/** Core's texts in a language: what people read in the server's answers, emails and files. */
export function catalogueFor(language: Language): CoreCatalogue {
  return catalogues[language];
}

/** One of core's fixed texts (a message, a role or mark label) in a language. */
export function coreText(language: Language, text: string): string {
  return catalogues[language].texts[text] ?? text;
}
