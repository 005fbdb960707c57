import type { FastifyReply } from 'fastify';
import type { Playback } from '../storage/storage';

/**
 * Answers a GET of a stored file (a video, a photo) once the caller was allowed to read
 * it: the file streamed from local disk, kept by the browser for `maxAgeSeconds`, or a
 * redirect to a short-lived link straight to the bucket, which no cache may keep.
 */
export function sendPlayback(reply: FastifyReply, playback: Playback, maxAgeSeconds: number) {
  if (playback.kind === 'redirect') {
    return reply.header('cache-control', 'private, no-store').redirect(playback.url, 302);
  }
  const { statusCode, headers, stream } = playback;
  return reply
    .status(statusCode)
    .headers(headers)
    .header('content-disposition', 'inline')
    .header('cache-control', `private, max-age=${maxAgeSeconds}`)
    .send(stream);
}
