import type { TrainingDetail, TrainingInput } from '@brigade/core/schemas/trainings';
import { randomId } from '@mantine/hooks';

/**
 * One playlist row: a URL typed in, or a file uploaded earlier (`uploadId`). `key` lives
 * only in the browser (React's key, and how an upload finds its row after a move); `id`
 * is the stored video's, kept on save so who watched it stays recorded.
 */
export interface VideoRowValue {
  key: string;
  id?: string;
  url: string;
  uploadId?: string;
  fileName?: string;
}

export interface TrainingFormValues {
  title: string;
  description: string;
  categoryIds: string[];
  quizId: string | null;
  videos: VideoRowValue[];
}

export function newUrlRow(): VideoRowValue {
  return { key: randomId(), url: '' };
}

export function initialValuesOf(training: TrainingDetail | null): TrainingFormValues {
  if (!training) return { title: '', description: '', categoryIds: [], quizId: null, videos: [newUrlRow()] };
  return {
    title: training.title,
    description: training.description,
    categoryIds: training.categories.map((category) => category.id),
    quizId: training.quiz?.id ?? null,
    videos: training.videos.map((video) =>
      video.kind === 'upload' && video.uploadId
        ? {
            key: video.id,
            id: video.id,
            url: '',
            uploadId: video.uploadId,
            fileName: video.fileName ?? undefined,
          }
        : { key: video.id, id: video.id, url: video.src ?? '' },
    ),
  };
}

/**
 * What the API takes: rows in playlist order, kept ones with their id. Blank rows go
 * along and the shared schema drops them, so server field paths (`videos.2.url`) still
 * point at the row on screen.
 */
export function toTrainingInput(values: TrainingFormValues): TrainingInput {
  return {
    title: values.title,
    description: values.description,
    categoryIds: values.categoryIds,
    quizId: values.quizId,
    videos: values.videos.map(({ id, url, uploadId }) => ({
      ...(id ? { id } : {}),
      ...(uploadId ? { uploadId } : { url }),
    })),
  };
}
