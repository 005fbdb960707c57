import type { Me } from '@brigade/core/schemas/session';
import { useQuery } from '@tanstack/react-query';
import { activateLanguage, languageFor } from '../lib/i18n';

/**
 * The signed-in person's language (issue 22): their Profile choice, else as before
 * sign-in. Their catalogues load beside the signed-in app's code (preloadForPerson starts
 * both); a choice on Profile comes back through `me` and takes effect at once.
 */
export function usePersonLanguage(me: Me) {
  const language = languageFor(me.language);
  return useQuery({
    queryKey: ['catalogues', language],
    queryFn: async () => {
      await activateLanguage(language, { signedIn: true, remember: me.language !== null });
      return language;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // Code, not an API answer: loaded offline too (from the service worker's precache),
    // where a query in TanStack's default network mode would wait for a connection.
    networkMode: 'always',
  });
}
