import { ErrorReply, IdParams, PageQuery } from '@brigade/core/schemas/common';
import { RestaurantPage, RestaurantSummary } from '@brigade/core/schemas/restaurants';
import { callerOf } from '../../auth/guards';
import type { App, AppContext } from '../../context';
import { getRestaurant, listRestaurants } from './service';

export function restaurantRoutes(app: App, { database, guard }: AppContext) {
  app.get(
    '/api/restaurants',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'All restaurants, searched and paged (hq)',
        querystring: PageQuery,
        response: { 200: RestaurantPage, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply },
      },
      preHandler: guard('restaurants.list'),
    },
    async (request) => listRestaurants(database.db, request.query),
  );

  app.get(
    '/api/restaurants/:id',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'One restaurant the caller may reach',
        params: IdParams,
        response: { 200: RestaurantSummary, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
      preHandler: guard('restaurants.read'),
    },
    async (request) => getRestaurant(database.db, callerOf(request), request.params.id),
  );
}
