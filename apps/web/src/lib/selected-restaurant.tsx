import type { Me, RestaurantRef } from '@brigade/core/schemas/session';
import { readLocalStorageValue, useLocalStorage } from '@mantine/hooks';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useCurrentUser } from './current-user';

/** Per person, so two people sharing a browser keep their own choice. */
export function selectedRestaurantStorageKey(userId: string): string {
  return `brigade.selectedRestaurant.${userId}`;
}

/** The stored choice if it is still one of the person's restaurants, else the first. */
function pickRestaurant(restaurants: readonly RestaurantRef[], storedId: string | null): RestaurantRef | null {
  return restaurants.find((restaurant) => restaurant.id === storedId) ?? restaurants[0] ?? null;
}

/**
 * The restaurant the provider below will select for this person, read before it mounts
 * (a dashboard asks for its data while the app's code downloads).
 */
export function initiallySelectedRestaurant(me: Me): RestaurantRef | null {
  return pickRestaurant(me.restaurants, readLocalStorageValue(storedIdOptions(me.id)));
}

/** How the choice is kept: the id as the plain value, nothing stored when there is none. */
function storedIdOptions(userId: string) {
  return {
    key: selectedRestaurantStorageKey(userId),
    defaultValue: null,
    serialize: (id: string | null) => id ?? '',
    deserialize: (raw: string | undefined) => raw || null,
  };
}

export interface SelectedRestaurant {
  /** The signed-in person's active restaurants, by name. */
  restaurants: readonly RestaurantRef[];
  /** `null` only when the person has no active restaurant. */
  selectedRestaurant: RestaurantRef | null;
  selectRestaurant: (restaurantId: string) => void;
}

const SelectedRestaurantContext = createContext<SelectedRestaurant | null>(null);

/**
 * The restaurant a manager works in (core-operations §1: "one selected restaurant at a
 * time"). The first is preselected; a choice survives page changes and reloads. A
 * stored id that is no longer in the list (restaurant deactivated or unassigned) falls
 * back to the first.
 */
export function SelectedRestaurantProvider({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  const [storedId, setStoredId] = useLocalStorage<string | null>({
    ...storedIdOptions(me.id),
    // Read at once: pages must not first load data for the wrong restaurant.
    getInitialValueInEffect: false,
    // Each open tab keeps its own restaurant (a manager may compare two side by side);
    // the last choice made is the one a reload or a new tab starts from.
    sync: false,
  });

  const value = useMemo<SelectedRestaurant>(() => {
    const restaurants = me.restaurants;
    return { restaurants, selectedRestaurant: pickRestaurant(restaurants, storedId), selectRestaurant: setStoredId };
  }, [me.restaurants, storedId, setStoredId]);

  return <SelectedRestaurantContext.Provider value={value}>{children}</SelectedRestaurantContext.Provider>;
}

/** The selected restaurant and the means to change it; for managers' screens. */
export function useSelectedRestaurant(): SelectedRestaurant {
  const value = useContext(SelectedRestaurantContext);
  if (!value) throw new Error('useSelectedRestaurant must be used inside SelectedRestaurantProvider.');
  return value;
}
