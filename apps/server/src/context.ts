import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from './auth/auth';
import type { GuardFactory } from './auth/guards';
import type { DatabaseHandle } from './db/client';
import type { MondayClient } from './integrations/monday';
import type { PowerBiClient } from './integrations/powerbi';
import type { Storage } from './storage/storage';

/** What every module's routes are registered with. */
export interface AppContext {
  database: DatabaseHandle;
  auth: Auth;
  guard: GuardFactory;
  /** Uploaded files: local disk, or an S3-compatible bucket when S3_* is configured. */
  storage: Storage;
  uploadMaxBytes: number;
  /** Largest photo accepted, in bytes (PHOTO_MAX_BYTES). */
  photoMaxBytes: number;
  /** The store-visits board client, or the settings that are missing for it. */
  monday: { client: MondayClient | null; missing: string[] };
  /** The Power BI client, or the settings that are missing for it. */
  powerBi: { client: PowerBiClient | null; missing: string[]; brandWord?: string };
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
