import { ActivityActors } from '@brigade/core/schemas/activity-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The person filter's choices: up to 20 people matching what was typed (a manager: of their restaurant). */
export function useActivityPeople(search: string, restaurantId: string | undefined) {
  return useQuery({
    queryKey: ['activity', 'people', search, restaurantId ?? null],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams();
      if (search) query.set('search', search);
      if (restaurantId) query.set('restaurantId', restaurantId);
      return ActivityActors.parse(await apiRequest(`/api/activity/people?${query}`, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}
