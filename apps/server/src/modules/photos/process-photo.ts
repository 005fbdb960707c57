import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { photoMessages } from '@brigade/core/schemas/photos';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
// sharp is loaded by the main thread before any worker loads it: on glibc Linux its shared
// libraries must stay loaded until the last worker has ended (sharp's documentation).
import 'sharp';
import { HttpError } from '../../errors';
import { publishPhotoRefused } from '../../metrics/events';
import type { PhotoProcessingLoad } from '../../metrics/series';
import type { PhotoOutcome, PhotoTask, ProcessedPhoto } from './photo-sizes';

export {
  DISPLAY_SIZE,
  MAX_PHOTO_PIXELS,
  notAPhotoMessage,
  type ProcessedImage,
  type ProcessedPhoto,
  THUMB_SIZE,
} from './photo-sizes';

/** How photos are processed: decision 018's addendum says why each value is what it is. */
export interface PhotoProcessingLimits {
  /** Photos decoded at once, each in its own worker thread. */
  workers: number;
  /** Photos that may wait for a worker; one more is answered 503 with Retry-After. */
  queue: number;
  /** A worker still decoding after this is ended, and the upload gets 413. */
  timeLimitMs: number;
  /** A worker's JavaScript heap (V8's old generation); a worker over it ends, and the upload gets 413. */
  heapLimitMb: number;
  /** An idle worker ends after this, and gives back its memory (libheif's WebAssembly memory never shrinks). */
  idleTimeoutMs: number;
  /** The worker module; a test may swap it for one that misbehaves on purpose. */
  workerUrl?: URL;
}

export const DEFAULT_PHOTO_LIMITS: PhotoProcessingLimits = {
  // One core stays free for the event loop on a small machine; on a bigger one, more workers.
  workers: Math.min(4, Math.max(1, os.availableParallelism() - 1)),
  queue: 8,
  // A 64 MP HEIC (8000 × 8000) decodes in 4–8 s on a 2-core machine: a generous margin over that.
  timeLimitMs: 30_000,
  heapLimitMb: 256,
  idleTimeoutMs: 30_000,
};

/** The photo could not be queued: the server is busy with photos; the client retries after `retryAfterSeconds`. */
export class PhotoProcessingBusy extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, photoMessages.busy);
  }
}

/**
 * Decodes photos in a pool of worker threads (piscina), so that no photo ever holds the
 * event loop: at most `workers` at once, at most `queue` waiting (503 beyond), each
 * worker's heap limited, and a worker that decodes for longer than the time limit is
 * ended. The time limit counts from when the photo's turn comes, not from its arrival:
 * admission is ours (p-limit), so piscina only ever gets as many tasks as it has workers.
 */
export class PhotoProcessor {
  readonly #limits: PhotoProcessingLimits;
  readonly #pool: Piscina<PhotoTask, PhotoOutcome>;
  readonly #turns: ReturnType<typeof pLimit>;

  constructor(limits: Partial<PhotoProcessingLimits> = {}) {
    this.#limits = { ...DEFAULT_PHOTO_LIMITS, ...limits };
    const { workers, heapLimitMb, idleTimeoutMs, workerUrl } = this.#limits;
    this.#turns = pLimit(workers);
    this.#pool = new Piscina({
      filename: (workerUrl ?? new URL('./photo-worker.mjs', import.meta.url)).href,
      minThreads: 0,
      maxThreads: workers,
      idleTimeout: idleTimeoutMs,
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 32 },
      // Not the server's flags (`--import tsx`): the worker entry loads its TypeScript itself,
      // and tsx's hooks registered twice would slow every worker's start.
      execArgv: [],
      // Workers yield the CPU to the event loop when every core is busy (decision 018's
      // addendum says what this costs a photo on an overloaded machine).
      niceIncrement: 10,
    });
  }

  /** Both stored sizes of a photo, or the refusal: 400 not a photo, 413 too large or too costly, 503 busy. */
  async process(bytes: Buffer): Promise<ProcessedPhoto> {
    const { workers, queue } = this.#limits;
    if (this.#turns.activeCount + this.#turns.pendingCount >= workers + queue) {
      publishPhotoRefused({ reason: 'busy' });
      throw new PhotoProcessingBusy(this.#retryAfterSeconds());
    }
    const outcome = await this.#turns(() => this.#decode(bytes));
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
    const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return {
      display: { ...outcome.display, bytes: buffer(outcome.display.bytes) },
      thumb: { ...outcome.thumb, bytes: buffer(outcome.thumb.bytes) },
    };
  }

  /** Photos being decoded and waiting now, and the limits (the metrics' photo series). */
  load(): PhotoProcessingLoad {
    return {
      active: this.#turns.activeCount,
      waiting: this.#turns.pendingCount,
      workers: this.#limits.workers,
      queue: this.#limits.queue,
    };
  }

  /** Ends the workers (a photo being decoded is refused). */
  close(): Promise<void> {
    return this.#pool.destroy();
  }

  async #decode(bytes: Buffer): Promise<PhotoOutcome> {
    // A copy in a buffer of its own, handed over without a second copy: the upload's
    // Buffer may share its memory with others (Node's pool), which must not move.
    const own = new Uint8Array(bytes);
    const { port1: startedHere, port2: started } = new MessageChannel();
    const timeLimit = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The time limit counts the decoding alone: a worker that starts up first (after one
    // was ended, or when none is idle) does not eat into the photo's time.
    startedHere.once('message', () => {
      timer = setTimeout(() => timeLimit.abort(), this.#limits.timeLimitMs);
    });
    try {
      return await this.#pool.run(
        { bytes: own, started },
        { transferList: [own.buffer, started], signal: timeLimit.signal },
      );
    } catch (error) {
      if (timeLimit.signal.aborted) {
        publishPhotoRefused({ reason: 'too-slow' });
        throw new HttpError(413, photoMessages.tooSlow);
      }
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        publishPhotoRefused({ reason: 'too-much-memory' });
        throw new HttpError(413, photoMessages.tooMuchMemory);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      startedHere.close();
    }
  }

  /** When a place in the queue is likely free: the queue's photos at the average time a photo has taken. */
  #retryAfterSeconds(): number {
    const { workers, queue } = this.#limits;
    const averageMs = this.#pool.histogram.runTime.average || 1_000;
    return Math.min(60, Math.max(1, Math.ceil(((queue / workers) * averageMs) / 1_000)));
  }
}

let processor: PhotoProcessor | undefined;

/** The server's photo processor, made at the first photo. */
function photoProcessor(): PhotoProcessor {
  processor ??= new PhotoProcessor();
  return processor;
}

/** The server's photo processing now; before the first photo, nothing running and the default limits. */
export function photoProcessingLoad(): PhotoProcessingLoad {
  if (processor) return processor.load();
  return { active: 0, waiting: 0, workers: DEFAULT_PHOTO_LIMITS.workers, queue: DEFAULT_PHOTO_LIMITS.queue };
}

/**
 * Swaps the server's photo processor (a test's tighter limits) and returns the one it
 * replaces, which the caller puts back and the swapped one's owner closes.
 */
export function replacePhotoProcessor(next: PhotoProcessor | undefined): PhotoProcessor | undefined {
  const previous = processor;
  processor = next;
  return previous;
}

/**
 * Turns uploaded bytes into the two stored sizes (photo-worker.ts says how) in a worker
 * thread: refuses anything that is not a JPEG, PNG, WebP or HEIC by its signature (400),
 * too many pixels or too long a side by its header (413), a photo whose decoding takes
 * too long or too much memory (413), and answers 503 when too many photos wait.
 */
export function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  return photoProcessor().process(bytes);
}
