import { ErrorReply } from '@brigade/core/schemas/common';
import { StorePerformance, StoreScoreTrend, StoreVisits } from '@brigade/core/schemas/store-performance';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { storeScoreTrend } from './charts';
import { storePerformance, storeVisits } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 502: ErrorReply };
const tags = ['store-performance'];
const Params = z.object({ restaurantId: z.uuid({ error: 'Invalid id' }) });

export async function storePerformanceRoutes(
  app: App,
  { database, guard, monday }: Pick<AppContext, 'database' | 'guard' | 'monday'>,
) {
  app.get(
    '/api/store-performance/:restaurantId',
    {
      schema: {
        tags,
        summary: 'Stats, recent audits and staff of one restaurant (hq)',
        params: Params,
        response: { 200: StorePerformance, ...errors },
      },
      onRequest: guard('storePerformance.read'),
    },
    async (request) => storePerformance(database.db, request.params.restaurantId),
  );

  app.get(
    '/api/store-performance/:restaurantId/score-trend',
    {
      schema: {
        tags,
        summary: "The restaurant's weekly average audit score over 12 weeks, beside the chain's (hq)",
        params: Params,
        response: { 200: StoreScoreTrend, ...errors },
      },
      onRequest: guard('storePerformance.read'),
    },
    async (request) => storeScoreTrend(database.db, request.params.restaurantId),
  );

  app.get(
    '/api/store-performance/:restaurantId/visits',
    {
      schema: {
        tags,
        summary: "Store visits of one restaurant from the monday.com board, with the charts' figures (hq)",
        params: Params,
        response: { 200: StoreVisits, ...errors },
      },
      onRequest: guard('storePerformance.read'),
    },
    async (request) =>
      storeVisits(
        database.db,
        callerOf(request),
        monday.client,
        monday.missing,
        request.params.restaurantId,
        request.log,
      ),
  );
}
