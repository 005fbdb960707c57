import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import {
  Restaurant,
  RestaurantInput,
  RestaurantListQuery,
  RestaurantOption,
  RestaurantPage,
  SetActive,
} from '@brigade/core/schemas/restaurants';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import {
  createRestaurant,
  deleteRestaurant,
  getRestaurant,
  listRestaurantOptions,
  listRestaurants,
  setRestaurantActive,
  updateRestaurant,
} from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['restaurants'];

export async function restaurantRoutes(
  app: App,
  { database, guard, defaultTimeZone }: Pick<AppContext, 'database' | 'guard' | 'defaultTimeZone'>,
) {
  const { db } = database;

  app.get(
    '/api/restaurants',
    {
      schema: {
        tags,
        summary: 'All restaurants, searched and paged (hq)',
        querystring: RestaurantListQuery,
        response: { 200: RestaurantPage, ...errors },
      },
      onRequest: guard('restaurants.list'),
    },
    async (request) => listRestaurants(db, request.query),
  );

  app.get(
    '/api/restaurants/options',
    {
      schema: {
        tags,
        summary: 'Active restaurants as choices for forms and filters (hq)',
        response: { 200: z.array(RestaurantOption), ...errors },
      },
      onRequest: guard('restaurants.list'),
    },
    async () => listRestaurantOptions(db),
  );

  app.get(
    '/api/restaurants/:id',
    {
      schema: {
        tags,
        summary: 'One restaurant the caller may reach',
        params: IdParams,
        response: { 200: Restaurant, ...errors },
      },
      onRequest: guard('restaurants.read', { restaurant: 'params.id' }),
    },
    async (request) => getRestaurant(db, request.params.id),
  );

  app.post(
    '/api/restaurants',
    {
      schema: {
        tags,
        summary: 'Add a restaurant (starts active)',
        body: RestaurantInput,
        response: { 201: Restaurant, ...errors },
      },
      onRequest: guard('restaurants.manage'),
    },
    async (request, reply) => reply.status(201).send(await createRestaurant(db, request.body, defaultTimeZone)),
  );

  app.put(
    '/api/restaurants/:id',
    {
      schema: {
        tags,
        summary: 'Edit a restaurant',
        params: IdParams,
        body: RestaurantInput,
        response: { 200: Restaurant, ...errors },
      },
      onRequest: guard('restaurants.manage'),
    },
    async (request) => updateRestaurant(db, request.params.id, request.body),
  );

  app.patch(
    '/api/restaurants/:id/active',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a restaurant',
        params: IdParams,
        body: SetActive,
        response: { 200: Restaurant, ...errors },
      },
      onRequest: guard('restaurants.manage'),
    },
    async (request) => setRestaurantActive(db, request.params.id, request.body),
  );

  app.delete(
    '/api/restaurants/:id',
    {
      schema: {
        tags,
        summary: 'Delete a restaurant without history (otherwise 409: deactivate it)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('restaurants.manage'),
    },
    async (request, reply) => {
      await deleteRestaurant(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
