import type { TrainingDetail } from '@brigade/core/schemas/trainings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { trainingQueryKey } from './get-training';

const WatchedReply = z.object({ watched: z.boolean(), trainingCompleted: z.boolean() });
export type WatchedReply = z.infer<typeof WatchedReply>;

export interface MarkVideoWatchedVariables {
  trainingId: string;
  videoId: string;
}

/** Records that the signed-in person played a video to the end. */
export async function markVideoWatched({ trainingId, videoId }: MarkVideoWatchedVariables): Promise<WatchedReply> {
  return WatchedReply.parse(
    await apiRequest(`/api/trainings/${encodeURIComponent(trainingId)}/videos/${encodeURIComponent(videoId)}/watched`, {
      method: 'POST',
    }),
  );
}

export function useMarkVideoWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVideoWatched,
    onSuccess: (reply, { trainingId, videoId }) => {
      // The tick shows at once; a completed training reloads for its completion date.
      queryClient.setQueryData<TrainingDetail>(trainingQueryKey(trainingId), (training) =>
        training
          ? {
              ...training,
              videos: training.videos.map((video) =>
                video.id === videoId ? { ...video, watched: reply.watched } : video,
              ),
            }
          : training,
      );
      if (reply.trainingCompleted) return queryClient.invalidateQueries({ queryKey: trainingQueryKey(trainingId) });
    },
  });
}
