import type { Language } from '@brigade/core/languages';
import { UpdateLanguage } from '@brigade/core/schemas/profile';
import type { Me } from '@brigade/core/schemas/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetLanguage } from '../../../lib/i18n';
import { meQueryKey } from '../../../lib/session/get-me';

/** Saves my language (null: my browser's). */
export async function updateLanguage(language: Language | null): Promise<UpdateLanguage> {
  return UpdateLanguage.parse(await apiRequest('/api/profile/language', { method: 'PUT', body: { language } }));
}

/**
 * The choice takes effect at once: `me` carries it, and the app follows `me`'s language
 * (usePersonLanguage). A refusal puts the saved one back.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  const setLanguage = (language: Language | null) =>
    queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, language } : me));
  return useMutation({
    mutationFn: updateLanguage,
    onMutate: async (language) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const before = queryClient.getQueryData<Me | null>(meQueryKey)?.language ?? null;
      // Following the browser again: this browser's remembered choice no longer applies.
      if (language === null) forgetLanguage();
      setLanguage(language);
      return { before };
    },
    onError: (_error, _language, context) => setLanguage(context?.before ?? null),
  });
}
