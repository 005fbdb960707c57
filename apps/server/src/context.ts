import type { Auth } from './auth/auth';
import type { GuardFactory } from './auth/guards';
import type { SessionCheck } from './auth/session-check';
import type { DatabaseHandle } from './db/client';
import type { MondayClient } from './integrations/monday';
import type { PowerBiClient } from './integrations/powerbi';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { Notifier } from './notify/notifier';
import type { PushSender } from './push/sender';
import type { Storage } from './storage/storage';

/** What every module's routes are registered with. */
export interface AppContext {
  database: DatabaseHandle;
  auth: Auth;
  guard: GuardFactory;
  /** The signed-in caller or a 401, for the one route that answers signed-out callers too (`GET /api/session`). */
  sessionCheck: SessionCheck;
  /** Uploaded files: local disk, or an S3-compatible bucket when S3_* is configured. */
  storage: Storage;
  uploadMaxBytes: number;
  /** Largest photo accepted, in bytes (PHOTO_MAX_BYTES). */
  photoMaxBytes: number;
  /** The zone of a restaurant created without one (DEFAULT_TIME_ZONE, issue 33). */
  defaultTimeZone: string;
  /** The store-visits board client, or the settings that are missing for it. */
  monday: { client: MondayClient | null; missing: string[] };
  /** The Power BI client, or the settings that are missing for it. */
  powerBi: { client: PowerBiClient | null; missing: string[]; brandWord?: string };
  /** SMTP email (issue 20); `configured` is false without SMTP_URL. */
  mailer: Mailer;
  /** How every module notifies people (in-app, and email by their choice). */
  notifier: Notifier;
  /** Web Push (issue 34): the VAPID public key, and sending to one device. */
  push: PushSender;
  /** The app's one job queue, or null when this server runs no jobs (JOBS=off, most tests). */
  jobs: JobQueue | null;
  /** The address links in emails point to (PUBLIC_URL). */
  publicUrl: string;
}
