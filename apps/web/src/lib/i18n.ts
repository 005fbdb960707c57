import { DEFAULT_LANGUAGE, firstSpoken, isLanguage, LANGUAGE_LOCALES, type Language } from '@brigade/core/languages';
import { coreAppCatalogues, corePublicCatalogues } from '@brigade/core/locales/catalogue-part-loaders';
import {
  type CoreAppCatalogue,
  type CoreCatalogue,
  type CorePublicCatalogue,
  composeCatalogue,
  translateText,
} from '@brigade/core/locales/catalogue-parts';
import { enPublic } from '@brigade/core/locales/en-public';
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';

/**
 * The app's language (issue 22, decision 027): the person's choice on Profile once they
 * are signed in; before that, the one last chosen on this browser (Sign In's switch, or
 * the last person's Profile), else the browser's own languages, else English.
 *
 * Each language has two catalogues, so Sign In's download stays small: `public` (the
 * screens before sign-in, and the parts they share) and `app` (everything else), which
 * loads beside the signed-in app's code. Only the chosen language's are downloaded. Each
 * is the web's (`locales/<language>/<catalogue>.po`) and core's part of the same name
 * (`@brigade/core/locales/catalogue-part-loaders`): core's route titles, menus, labels and
 * sentences wait for the signed-in app too.
 */
const STORAGE_KEY = 'brigade.language';
/** The cookie the server reads the language on screen from (apps/server `http/request-language.ts`). */
const LANGUAGE_COOKIE = 'brigade-language';

type Catalogue = 'public' | 'app';
type CatalogueModule = { messages: Messages };

/** Core's two parts in each language, once loaded (English's public part is in the code). */
const coreParts = {
  public: new Map<Language, CorePublicCatalogue>([['en', enPublic]]),
  app: new Map<Language, CoreAppCatalogue>(),
};

const loaders: Record<Catalogue, (language: Language) => Promise<void>> = {
  public: async (language) => {
    const [web, core] = await Promise.all([
      import(`../locales/${language}/public.po`) as Promise<CatalogueModule>,
      corePublicCatalogues[language](),
    ]);
    i18n.load(language, web.messages);
    coreParts.public.set(language, core);
  },
  app: async (language) => {
    const [web, core] = await Promise.all([
      import(`../locales/${language}/app.po`) as Promise<CatalogueModule>,
      coreAppCatalogues[language](),
    ]);
    i18n.load(language, web.messages);
    coreParts.app.set(language, core);
  },
};

/**
 * Core's texts in the active language: before sign-in its public part, which is all Sign
 * In and the password screens say of core's; the whole catalogue (route titles, labels,
 * the sentences with numbers) once the app part is loaded too.
 */
let core: { texts: CorePublicCatalogue | CoreCatalogue; whole: CoreCatalogue | null } = {
  texts: enPublic,
  whole: null,
};

/** Each language's whole catalogue, composed once. */
const wholes = new Map<Language, CoreCatalogue>();

function coreIn(language: Language): typeof core {
  const publicPart = coreParts.public.get(language);
  const appPart = coreParts.app.get(language);
  if (!publicPart) throw new Error(`core's ${language} texts are not loaded`);
  if (!appPart) return { texts: publicPart, whole: null };
  const whole = wholes.get(language) ?? composeCatalogue(publicPart, appPart);
  wholes.set(language, whole);
  return { texts: whole, whole };
}

/** What is loaded, per language, so a switch back is instant. */
const loaded = new Map<Language, Set<Catalogue>>();

function rememberedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage can be off (private modes, policies): the browser's languages still apply.
    return null;
  }
}

/** The language for the screens before sign-in. */
export function initialLanguage(): Language {
  return rememberedLanguage() ?? firstSpoken(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** The language a signed-in person sees: their Profile choice, else as before sign-in. */
export function languageFor(choice: Language | null): Language {
  return choice ?? initialLanguage();
}

async function load(language: Language, catalogue: Catalogue) {
  const done = loaded.get(language) ?? new Set<Catalogue>();
  if (done.has(catalogue)) return;
  await loaders[catalogue](language);
  done.add(catalogue);
  loaded.set(language, done);
}

/**
 * Shows the app in `language`: its public catalogue, and its app catalogue when someone
 * is signed in. `remember` keeps the choice on this browser for the next Sign In.
 */
export async function activateLanguage(
  language: Language,
  { signedIn = false, remember = false }: { signedIn?: boolean; remember?: boolean } = {},
) {
  await Promise.all([load(language, 'public'), signedIn ? load(language, 'app') : undefined]);
  core = coreIn(language);
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = language;
  // Downloads the browser makes itself (a CSV, the audit report's PDF) carry no header of
  // ours: the server reads the language on screen from this cookie (request-language.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support, and a cookie library would cost Sign In's download
  document.cookie = `${LANGUAGE_COOKIE}=${language};path=/;samesite=lax`;
  if (remember) {
    try {
      window.localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Not kept on this browser; the choice still applies now (and on Profile, everywhere).
    }
  }
}

/** This browser follows its own languages again (the person chose "Same as my browser"). */
export function forgetLanguage() {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The active language, English until a catalogue is active. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The locale dates and numbers are written in, for the active language. */
export function currentLocale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
}

/**
 * Core's texts in the active language: `text(messages.emailRequired)`, or a field message
 * the server sent (already in the person's language, and then passed through as it is).
 * `catalogue` (its sentences with numbers) is for the signed-in app, which draws once its
 * language's app catalogue is loaded (AppGate); read before that, it throws.
 * Re-renders the component when the language changes.
 */
export function useCoreText() {
  useLingui();
  const { texts, whole } = core;
  return {
    text: (english: string) => translateText(texts, english),
    get catalogue(): CoreCatalogue {
      if (!whole) throw new Error(`core's ${currentLanguage()} app catalogue is not loaded: signed-in screens only`);
      return whole;
    },
  };
}
