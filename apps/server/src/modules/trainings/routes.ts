import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import {
  CategoryInput,
  TrainingCategory,
  TrainingDetail,
  TrainingInput,
  TrainingListQuery,
  TrainingSummary,
} from '@brigade/core/schemas/trainings';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { markVideoWatched } from '../assignments/service';
import {
  createCategory,
  createTraining,
  deleteTraining,
  getTraining,
  listCategories,
  listTrainings,
  updateTraining,
} from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['trainings'];

export async function trainingRoutes(
  app: App,
  { database, guard, storage }: Pick<AppContext, 'database' | 'guard' | 'storage'>,
) {
  const { db } = database;

  app.get(
    '/api/training-categories',
    {
      schema: { tags, summary: 'Training categories by name', response: { 200: z.array(TrainingCategory), ...errors } },
      onRequest: guard('trainings.read'),
    },
    async () => listCategories(db),
  );

  app.post(
    '/api/training-categories',
    {
      schema: {
        tags,
        summary: 'Add a category (hq)',
        body: CategoryInput,
        response: { 201: TrainingCategory, ...errors },
      },
      onRequest: guard('trainings.manage'),
    },
    async (request, reply) => reply.status(201).send(await createCategory(db, request.body.name)),
  );

  app.get(
    '/api/trainings',
    {
      schema: {
        tags,
        summary: 'Trainings, searched, filtered by category and sorted (newest first by default)',
        querystring: TrainingListQuery,
        response: { 200: z.array(TrainingSummary), ...errors },
      },
      onRequest: guard('trainings.read'),
    },
    async (request) => listTrainings(db, request.query),
  );

  app.get(
    '/api/trainings/:id',
    {
      schema: {
        tags,
        summary: 'One training with its playlist and the caller’s progress',
        params: IdParams,
        response: { 200: TrainingDetail, ...errors },
      },
      onRequest: guard('trainings.read'),
    },
    async (request) => getTraining(db, callerOf(request), request.params.id),
  );

  app.post(
    '/api/trainings',
    {
      schema: {
        tags,
        summary: 'Add a training (hq)',
        body: TrainingInput,
        response: { 201: TrainingDetail, ...errors },
      },
      onRequest: guard('trainings.manage'),
    },
    async (request, reply) => reply.status(201).send(await createTraining(db, callerOf(request), request.body)),
  );

  app.put(
    '/api/trainings/:id',
    {
      schema: {
        tags,
        summary: 'Edit a training (hq)',
        params: IdParams,
        body: TrainingInput,
        response: { 200: TrainingDetail, ...errors },
      },
      onRequest: guard('trainings.manage'),
    },
    async (request) => updateTraining(db, storage, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/trainings/:id',
    {
      schema: { tags, summary: 'Delete a training (hq)', params: IdParams, response: { 204: z.null(), ...errors } },
      onRequest: guard('trainings.manage'),
    },
    async (request, reply) => {
      await deleteTraining(db, storage, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/trainings/:id/videos/:videoId/watched',
    {
      schema: {
        tags,
        summary: 'Record that the caller played a video to the end',
        params: IdParams.extend({ videoId: IdParams.shape.id }),
        response: { 200: z.object({ watched: z.boolean(), trainingCompleted: z.boolean() }), ...errors },
      },
      onRequest: guard('trainings.progress'),
    },
    async (request) => markVideoWatched(db, callerOf(request), request.params.id, request.params.videoId),
  );
}
