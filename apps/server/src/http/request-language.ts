import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@brigade/core/languages';
import { type CoreCatalogue, en } from '@brigade/core/locales/catalogue';
import { fr } from '@brigade/core/locales/fr';
import { nl } from '@brigade/core/locales/nl';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

const catalogues: Record<Language, CoreCatalogue> = { en, nl, fr };

/**
 * The language to answer a request in (issue 22): the one the web shows, which it names
 * in Accept-Language on every call; else the caller's choice on Profile; else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const asked = negotiate(request.headers['accept-language'] ?? '', [...LANGUAGES]) as Language | null;
  return asked ?? request.sessionUser?.language ?? DEFAULT_LANGUAGE;
}

/** Core's texts in a language: what people read in the server's answers, emails and files. */
export function catalogueFor(language: Language): CoreCatalogue {
  return catalogues[language];
}
