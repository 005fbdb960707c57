import { z } from 'zod';
import { paged } from './common';

export const RestaurantSummary = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  isActive: z.boolean(),
});
export type RestaurantSummary = z.infer<typeof RestaurantSummary>;

export const RestaurantPage = paged(RestaurantSummary);
export type RestaurantPage = z.infer<typeof RestaurantPage>;
