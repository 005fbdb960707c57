import { messages } from '@brigade/core/messages';
import type {
  TrainingCategory,
  TrainingDetail,
  TrainingInput,
  TrainingListQuery,
  TrainingSort,
  TrainingSummary,
} from '@brigade/core/schemas/trainings';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error';
import { trainingQuizAssignments, trainingQuizzes } from '../../db/schema/quizzes';
import { staffTrainingAssignments } from '../../db/schema/training-assignments';
import {
  trainingCategories,
  trainingCategoryAssignments,
  trainings,
  trainingVideoProgress,
  trainingVideos,
} from '../../db/schema/trainings';
import { uploads } from '../../db/schema/uploads';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { badRequest, conflict, notFound } from '../../errors';
import type { Storage } from '../../storage/storage';
import { forgetUnusedUploads } from '../uploads/service';

type TrainingFields = z.output<typeof TrainingInput>;

const trainingId = sql`${trainings}.${sql.identifier(trainings.id.name)}`;
const categoriesOf = sql<TrainingCategory[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
  from ${trainingCategoryAssignments} tca join ${trainingCategories} c on c.id = tca.category_id
  where tca.training_id = ${trainingId}
), '[]'::json)`;

export async function listCategories(db: Queryable): Promise<TrainingCategory[]> {
  return db
    .select({ id: trainingCategories.id, name: trainingCategories.name })
    .from(trainingCategories)
    .orderBy(asc(trainingCategories.name));
}

export async function createCategory(db: Queryable, name: string): Promise<TrainingCategory> {
  try {
    const [category] = await db
      .insert(trainingCategories)
      .values({ name })
      .returning({ id: trainingCategories.id, name: trainingCategories.name });
    if (!category) throw new Error('insert returned no row');
    return category;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw conflict(messages.categoryExists, { name: messages.categoryExists });
    throw error;
  }
}

/**
 * What a training search matches, as conditions on `trainings`: the search text in title
 * or description, and any of the chosen categories (none = all). Used by the training
 * list and by My Trainings (assignments service).
 */
export function trainingSearchConditions(
  db: Queryable,
  query: { search?: string; categoryIds: readonly string[] },
): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(sql`(${trainings.title} ilike ${pattern} or ${trainings.description} ilike ${pattern})`);
  }
  if (query.categoryIds.length) {
    conditions.push(
      inArray(
        trainings.id,
        db
          .select({ id: trainingCategoryAssignments.trainingId })
          .from(trainingCategoryAssignments)
          .where(inArray(trainingCategoryAssignments.categoryId, [...query.categoryIds])),
      ),
    );
  }
  return conditions;
}

const videoCountOf = sql<number>`(select count(*)::int from ${trainingVideos} v where v.module_id = ${trainingId})`;

/**
 * The trainings list's sorts. Title and date are read in order from their (column, id)
 * indexes; the first category and the video count are computed per training, which a list
 * of hundreds of trainings at most affords (the categories' and videos' own indexes serve
 * the subqueries). The id breaks ties, so equal titles keep one order between requests.
 */
const trainingSorting: ListSorting<TrainingSort> = {
  columns: {
    createdAt: trainings.createdAt,
    title: trainings.title,
    category: sql`(select min(c.name) from ${trainingCategoryAssignments} tca
      join ${trainingCategories} c on c.id = tca.category_id where tca.training_id = ${trainingId})`,
    videoCount: videoCountOf,
  },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: trainings.id,
};

/** At most this many trainings in one reply: a chain has hundreds at most. */
const TRAINING_LIST_LIMIT = 500;

/**
 * Search in title and description; any of the chosen categories (none = all); sorted by
 * `?sort=&order=` (newest first without a choice).
 */
export async function listTrainings(
  db: Queryable,
  query: z.output<typeof TrainingListQuery>,
): Promise<TrainingSummary[]> {
  const conditions = trainingSearchConditions(db, query);
  return db
    .select({
      id: trainings.id,
      title: trainings.title,
      description: trainings.description,
      categories: categoriesOf,
      videoCount: videoCountOf,
      quizId: trainingQuizAssignments.quizId,
    })
    .from(trainings)
    .leftJoin(trainingQuizAssignments, eq(trainingQuizAssignments.trainingId, trainings.id))
    .where(and(...conditions))
    .orderBy(...orderByOf(trainingSorting, query))
    .limit(TRAINING_LIST_LIMIT);
}

export function videoSource(video: { videoUrl: string | null; uploadId: string | null }): string | null {
  if (video.uploadId) return `/api/uploads/${video.uploadId}/content`;
  return video.videoUrl || null;
}

export async function getTraining(db: Queryable, actor: SessionUser, id: string): Promise<TrainingDetail> {
  const [training] = await db
    .select({
      id: trainings.id,
      title: trainings.title,
      description: trainings.description,
      categories: categoriesOf,
      quizId: trainingQuizzes.id,
      quizTitle: trainingQuizzes.title,
      assignedAt: staffTrainingAssignments.assignedAt,
      completedAt: staffTrainingAssignments.completedAt,
    })
    .from(trainings)
    .leftJoin(trainingQuizAssignments, eq(trainingQuizAssignments.trainingId, trainings.id))
    .leftJoin(trainingQuizzes, eq(trainingQuizzes.id, trainingQuizAssignments.quizId))
    .leftJoin(
      staffTrainingAssignments,
      and(eq(staffTrainingAssignments.trainingId, trainings.id), eq(staffTrainingAssignments.staffId, actor.id)),
    )
    .where(eq(trainings.id, id));
  if (!training) throw notFound(messages.trainingNotFound);
  const videos = await db
    .select({
      id: trainingVideos.id,
      orderNum: trainingVideos.orderNum,
      videoUrl: trainingVideos.videoUrl,
      uploadId: trainingVideos.uploadId,
      fileName: uploads.fileName,
      watched: sql<boolean>`exists (select 1 from ${trainingVideoProgress} p where p.video_id = ${trainingVideos.id} and p.staff_id = ${actor.id})`,
    })
    .from(trainingVideos)
    .leftJoin(uploads, eq(uploads.id, trainingVideos.uploadId))
    .where(eq(trainingVideos.moduleId, id))
    .orderBy(asc(trainingVideos.orderNum));
  return {
    id: training.id,
    title: training.title,
    description: training.description,
    categories: training.categories,
    quiz: training.quizId && training.quizTitle ? { id: training.quizId, title: training.quizTitle } : null,
    videos: videos.map((video) => ({
      id: video.id,
      orderNum: video.orderNum,
      src: videoSource(video),
      kind: video.uploadId ? 'upload' : 'url',
      uploadId: video.uploadId,
      fileName: video.fileName,
      watched: video.watched,
    })),
    assignment: training.assignedAt
      ? { assignedAt: training.assignedAt.toISOString(), completedAt: training.completedAt?.toISOString() ?? null }
      : null,
  };
}

async function assertReferencesExist(tx: Transaction, input: TrainingFields) {
  const categories = await tx
    .select({ id: trainingCategories.id })
    .from(trainingCategories)
    .where(inArray(trainingCategories.id, input.categoryIds));
  if (categories.length !== input.categoryIds.length) {
    throw badRequest(messages.selectedCategoryMissing, { categoryIds: messages.selectedCategoryMissing });
  }
  if (input.quizId) {
    const [quiz] = await tx
      .select({ id: trainingQuizzes.id })
      .from(trainingQuizzes)
      .where(eq(trainingQuizzes.id, input.quizId));
    if (!quiz) throw badRequest(messages.selectedQuizMissing, { quizId: messages.selectedQuizMissing });
  }
  const uploadIds = input.videos.flatMap((video) => (video.uploadId ? [video.uploadId] : []));
  if (uploadIds.length) {
    const found = await tx.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, uploadIds));
    if (found.length !== new Set(uploadIds).size) throw badRequest(messages.uploadNotFound);
  }
}

/** Categories, quiz link and playlist of a training, written in the caller's transaction. */
async function writeContents(tx: Transaction, id: string, input: TrainingFields): Promise<string[]> {
  await tx.delete(trainingCategoryAssignments).where(eq(trainingCategoryAssignments.trainingId, id));
  await tx
    .insert(trainingCategoryAssignments)
    .values(input.categoryIds.map((categoryId) => ({ trainingId: id, categoryId })));

  await tx.delete(trainingQuizAssignments).where(eq(trainingQuizAssignments.trainingId, id));
  if (input.quizId) {
    await tx.insert(trainingQuizAssignments).values({ trainingId: id, quizId: input.quizId });
    await tx.update(trainingQuizzes).set({ trainingId: id }).where(eq(trainingQuizzes.id, input.quizId));
  }

  // Videos keep their ids when kept, so who watched them stays recorded; order follows position.
  const existing = await tx
    .select({ id: trainingVideos.id, uploadId: trainingVideos.uploadId })
    .from(trainingVideos)
    .where(eq(trainingVideos.moduleId, id));
  const keptIds = input.videos.flatMap((video) => (video.id ? [video.id] : []));
  if (keptIds.some((videoId) => !existing.some((row) => row.id === videoId))) {
    throw badRequest(messages.videoNotOfTraining);
  }
  const removed = existing.filter((row) => !keptIds.includes(row.id));
  if (removed.length)
    await tx.delete(trainingVideos).where(
      inArray(
        trainingVideos.id,
        removed.map((row) => row.id),
      ),
    );
  for (const [orderNum, video] of input.videos.entries()) {
    if (!video.id) continue;
    await tx
      .update(trainingVideos)
      .set({ orderNum, videoUrl: video.url, uploadId: video.uploadId })
      .where(eq(trainingVideos.id, video.id));
  }
  const added = input.videos.flatMap((video, orderNum) =>
    video.id ? [] : [{ moduleId: id, orderNum, videoUrl: video.url, uploadId: video.uploadId }],
  );
  if (added.length) await tx.insert(trainingVideos).values(added);
  // Files of removed videos, and of kept ones whose file was replaced, may now be unused.
  return existing.flatMap((row) => {
    const kept = input.videos.find((video) => video.id === row.id);
    return row.uploadId && kept?.uploadId !== row.uploadId ? [row.uploadId] : [];
  });
}

async function removeFiles(storage: Storage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.remove(key)));
}

/** One transaction for the training and everything in it (ARCHITECTURE §3.5). */
export async function createTraining(db: Database, actor: SessionUser, input: TrainingFields) {
  const id = await db.transaction(async (tx) => {
    await assertReferencesExist(tx, input);
    const [training] = await tx
      .insert(trainings)
      .values({ title: input.title, description: input.description, createdBy: actor.id })
      .returning({ id: trainings.id });
    if (!training) throw new Error('insert returned no row');
    await writeContents(tx, training.id, input);
    return training.id;
  });
  return getTraining(db, actor, id);
}

export async function updateTraining(
  db: Database,
  storage: Storage,
  actor: SessionUser,
  id: string,
  input: TrainingFields,
) {
  const unusedFiles = await db.transaction(async (tx) => {
    const [training] = await tx
      .update(trainings)
      .set({ title: input.title, description: input.description })
      .where(eq(trainings.id, id))
      .returning({ id: trainings.id });
    if (!training) throw notFound(messages.trainingNotFound);
    await assertReferencesExist(tx, input);
    const removedUploads = await writeContents(tx, id, input);
    return forgetUnusedUploads(tx, removedUploads);
  });
  await removeFiles(storage, unusedFiles);
  return getTraining(db, actor, id);
}

export async function deleteTraining(db: Database, storage: Storage, id: string) {
  const unusedFiles = await db.transaction(async (tx) => {
    const videos = await tx
      .select({ uploadId: trainingVideos.uploadId })
      .from(trainingVideos)
      .where(eq(trainingVideos.moduleId, id));
    const deleted = await tx.delete(trainings).where(eq(trainings.id, id)).returning({ id: trainings.id });
    if (deleted.length === 0) throw notFound(messages.trainingNotFound);
    return forgetUnusedUploads(
      tx,
      videos.flatMap((video) => (video.uploadId ? [video.uploadId] : [])),
    );
  });
  await removeFiles(storage, unusedFiles);
}
