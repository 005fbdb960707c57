import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';

/**
 * A manager's Temperatures screen and the restaurant strip above it agree: arriving at one
 * of their restaurants (a link from the dashboard) selects it in the strip, and choosing
 * another in the strip opens that restaurant's Temperatures.
 */
export function useFollowSelectedRestaurant(restaurantId: string) {
  const me = useCurrentUser();
  const { restaurants, selectedRestaurant, selectRestaurant } = useSelectedRestaurant();
  const navigate = useNavigate();
  const arrivedAt = useRef<string | null>(null);
  const selectedId = selectedRestaurant?.id ?? null;

  useEffect(() => {
    if (me.role !== 'manager') return;
    if (arrivedAt.current !== restaurantId) {
      arrivedAt.current = restaurantId;
      if (selectedId !== restaurantId && restaurants.some((restaurant) => restaurant.id === restaurantId)) {
        selectRestaurant(restaurantId);
      }
      return;
    }
    if (selectedId && selectedId !== restaurantId) navigate(`/sensors/${selectedId}`, { replace: true });
  }, [me.role, restaurantId, selectedId, restaurants, selectRestaurant, navigate]);
}
