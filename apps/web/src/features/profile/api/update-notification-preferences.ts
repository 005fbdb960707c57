import {
  type NotificationPreference,
  NotificationPreferences,
  type NotificationPreferencesInput,
} from '@brigade/core/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

/** Saves my choices for the kinds given; the others keep theirs. */
export async function updateNotificationPreferences(
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  return NotificationPreferences.parse(
    await apiRequest('/api/profile/notification-preferences', { method: 'PUT', body: input }),
  );
}

const updatePreferenceMutationKey = ['profile', 'notification-preferences', 'update'] as const;

/**
 * Saves one kind's choice as soon as it is made. The choice shows at once; a refusal
 * puts the saved one back.
 */
export function useUpdateNotificationPreference(
  callbacks: MutationCallbacks<NotificationPreferences, NotificationPreference> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePreferenceMutationKey,
    mutationFn: (preference: NotificationPreference) => updateNotificationPreferences({ preferences: [preference] }),
    onMutate: async (preference) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const before = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey);
      if (before) {
        queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, {
          ...before,
          preferences: before.preferences.map((current) => (current.kind === preference.kind ? preference : current)),
        });
      }
      return { before };
    },
    onSuccess: (saved, preference) => {
      // With another choice still on its way, this answer does not hold it yet: keep what shows.
      if (queryClient.isMutating({ mutationKey: updatePreferenceMutationKey }) <= 1) {
        queryClient.setQueryData(notificationPreferencesQueryKey, saved);
      }
      callbacks.onSuccess?.(saved, preference);
    },
    onError: (error, preference, context) => {
      if (context?.before) queryClient.setQueryData(notificationPreferencesQueryKey, context.before);
      callbacks.onError?.(error, preference);
    },
  });
}
