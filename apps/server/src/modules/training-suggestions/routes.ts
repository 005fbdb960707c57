import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import {
  AssignSuggestion,
  SuggestionAssigned,
  TrainingSuggestion,
  TrainingSuggestionPage,
  TrainingSuggestionQuery,
} from '@brigade/core/schemas/training-suggestions';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { assignSuggestion, dismissSuggestion, listOpenSuggestions } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['training-suggestions'];

/** Findings that train (issue 20): trainings suggested by audit findings, assigned in one click or dismissed. */
export async function trainingSuggestionRoutes(
  app: App,
  { database, guard, notifier }: Pick<AppContext, 'database' | 'guard' | 'notifier'>,
) {
  const { db } = database;

  app.get(
    '/api/training-suggestions',
    {
      schema: {
        tags,
        summary: 'Open training suggestions (a manager names their restaurant; hq any or all)',
        querystring: TrainingSuggestionQuery,
        response: { 200: TrainingSuggestionPage, ...errors },
      },
      onRequest: guard('trainingSuggestions.manage', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listOpenSuggestions(db, callerOf(request), request.query),
  );

  app.post(
    '/api/training-suggestions/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assign the suggested training to the restaurant’s staff (due in 7 days unless given)',
        params: IdParams,
        body: AssignSuggestion,
        response: { 200: SuggestionAssigned, ...errors },
      },
      onRequest: guard('trainingSuggestions.manage', { restaurant: 'stored' }),
    },
    async (request) => {
      const assigned = await assignSuggestion(db, callerOf(request), request.params.id, request.body, notifier);
      notifier.wake();
      return assigned;
    },
  );

  app.post(
    '/api/training-suggestions/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismiss a training suggestion',
        params: IdParams,
        response: { 200: TrainingSuggestion, ...errors },
      },
      onRequest: guard('trainingSuggestions.manage', { restaurant: 'stored' }),
    },
    async (request) => dismissSuggestion(db, callerOf(request), request.params.id),
  );
}
