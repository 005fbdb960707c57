import { z } from 'zod';
import { messages } from '../messages';
import { sortQuery } from './common';
import { idField, text } from './fields';

export const TrainingCategory = z.object({ id: z.string(), name: z.string() });
export type TrainingCategory = z.infer<typeof TrainingCategory>;

export const CategoryInput = z.object({
  name: text({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100),
});

/**
 * A playlist row: a URL typed in, or a file uploaded earlier (`uploadId`). A row that is
 * completely blank is dropped; one holding only spaces is a mistake (core §5).
 */
export const VideoInput = z.object({
  /** An existing video keeps its id, so who watched it stays recorded. */
  id: idField.optional(),
  url: text().max(2000).optional(),
  uploadId: idField.optional(),
});

const httpUrl = /^https?:\/\/\S+$/i;

export const TrainingInput = z
  .object({
    title: text({ error: messages.titleRequired }).trim().min(1, messages.titleRequired).max(200),
    description: text().trim().max(10_000).default(''),
    categoryIds: z.array(idField, { error: messages.categoryRequired }).min(1, messages.categoryRequired).max(50),
    quizId: idField.nullable().default(null),
    videos: z.array(VideoInput).max(100).default([]),
  })
  .superRefine((training, context) => {
    training.videos.forEach((video, index) => {
      if (video.uploadId) return;
      const url = video.url ?? '';
      if (url !== '' && url.trim() === '') {
        context.addIssue({ code: 'custom', path: ['videos', index, 'url'], message: messages.videoUrlsMustBeFilled });
      } else if (url.trim() !== '' && !httpUrl.test(url.trim())) {
        context.addIssue({
          code: 'custom',
          path: ['videos', index, 'url'],
          message: 'Video URLs must start with http:// or https://',
        });
      }
    });
  })
  .transform((training) => ({
    ...training,
    categoryIds: [...new Set(training.categoryIds)],
    videos: training.videos
      .filter((video) => video.uploadId || (video.url ?? '') !== '')
      .map((video) => ({
        id: video.id,
        uploadId: video.uploadId ?? null,
        url: video.uploadId ? null : (video.url ?? '').trim(),
      })),
  }));
export type TrainingInput = z.input<typeof TrainingInput>;

export const TrainingSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  categories: z.array(TrainingCategory),
  videoCount: z.number().int(),
  quizId: z.string().nullable(),
});
export type TrainingSummary = z.infer<typeof TrainingSummary>;

export const TrainingVideo = z.object({
  id: z.string(),
  orderNum: z.number().int(),
  /** Where the player loads it: the URL given, or our own stream of an uploaded file. */
  src: z.string().nullable(),
  kind: z.enum(['url', 'upload']),
  uploadId: z.string().nullable(),
  fileName: z.string().nullable(),
  /** The signed-in person played it to the end. */
  watched: z.boolean(),
});
export type TrainingVideo = z.infer<typeof TrainingVideo>;

export const TrainingDetail = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  categories: z.array(TrainingCategory),
  quiz: z.object({ id: z.string(), title: z.string() }).nullable(),
  videos: z.array(TrainingVideo),
  /** The signed-in person's assignment of this training, if any. */
  assignment: z.object({ assignedAt: z.string(), completedAt: z.string().nullable() }).nullable(),
});
export type TrainingDetail = z.infer<typeof TrainingDetail>;

/**
 * What the trainings list sorts by: when a training was added (newest first without a
 * choice), its title, its first category by name, and its number of videos.
 */
export const TRAINING_SORTS = ['createdAt', 'title', 'category', 'videoCount'] as const;
export type TrainingSort = (typeof TRAINING_SORTS)[number];

/** The whole list (hundreds of trainings at most), searched, filtered and sorted on the server. */
export const TrainingListQuery = z
  .object({
    search: text().trim().max(200).optional(),
    categoryIds: z
      .union([z.array(idField), idField])
      .optional()
      .transform((ids) => (ids === undefined ? [] : Array.isArray(ids) ? ids : [ids])),
  })
  .extend(sortQuery(TRAINING_SORTS).shape);

export const Upload = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type Upload = z.infer<typeof Upload>;
