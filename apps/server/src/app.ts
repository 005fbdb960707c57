import type https from 'node:https';
import type { INetworkModule } from '@azure/msal-node';
import { DEFAULT_API_TOKEN_RATE_LIMIT } from '@brigade/core/api-scopes';
import { FALLBACK_TIME_ZONE } from '@brigade/core/restaurant-time';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerActivityLogJobs } from './activity/maintenance';
import { registerActivityContext } from './activity/request-context';
import { cookieOnly, createApiTokenCheck, createCallerCheck, registerNoCookiesForTokens } from './auth/api-token-check';
import { type Auth, createAuth } from './auth/auth';
import { createGuard, decorateSessionUser, documentGuardedAction } from './auth/guards';
import { registerOriginCheck } from './auth/origin-check';
import { passkeyRoutes } from './auth/passkeys/routes';
import { authRoutes } from './auth/routes';
import { createSessionCheck } from './auth/session-check';
import { createSsoDirectory, type EnvSsoProvider } from './auth/sso/providers';
import { ssoRoutes } from './auth/sso/routes';
import { createSecretBox } from './auth/sso/secret-box';
import { answerUnroutableUrl } from './auth/unroutable-url';
import { refuseWhileClosing } from './closing';
import type { AppContext } from './context';
import { answerCutOffRequests } from './cut-off-requests';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandler } from './errors';
import type { App } from './http/app-instance';
import { registerIdempotency, registerIdempotencyPurge } from './http/idempotency';
import { registerOfflineTimes } from './http/offline-times';
import { registerReplyCompression } from './http/reply-compression';
import { replySerializerCompiler } from './http/reply-serializer';
import type { TrustProxy } from './http/trust-proxy';
import { MondayClient, type MondayConfig } from './integrations/monday';
import { PowerBiClient, type PowerBiConfig } from './integrations/powerbi';
import { runJobsWithApp } from './jobs/app-jobs';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { createMailer, type MailConfig, type Mailer } from './mail/mailer';
import { type MetricsConfig, type MetricsEndpoint, registerMetrics } from './metrics/endpoint';
import { activityLogRoutes } from './modules/activity-log/routes';
import { announcementRoutes } from './modules/announcements/routes';
import { apiTokenRoutes } from './modules/api-tokens/routes';
import { assignmentRoutes } from './modules/assignments/routes';
import { auditReportRoutes } from './modules/audit-report/routes';
import { auditScheduleRoutes } from './modules/audit-schedules/routes';
import { registerAuditDueJob } from './modules/audit-schedules/service';
import { auditSignOffRoutes } from './modules/audit-sign-offs/routes';
import { auditTemplateRoutes } from './modules/audit-templates/routes';
import { auditRoutes } from './modules/audits/routes';
import { checklistRoutes } from './modules/checklists/routes';
import { registerChecklistJob } from './modules/checklists/service';
import { correctiveActionRoutes } from './modules/corrective-actions/routes';
import { dashboardRoutes } from './modules/dashboards/routes';
import { demoEmailRoutes } from './modules/demo-emails/routes';
import type { DemoMailbox } from './modules/demo-emails/service';
import { foodSafetyLogRoutes } from './modules/food-safety-log/routes';
import { healthRoutes } from './modules/health/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { registerNotificationJobs } from './modules/notifications/service';
import { passwordRoutes } from './modules/passwords/routes';
import { photoRoutes } from './modules/photos/routes';
import { photoProcessingLoad } from './modules/photos/service';
import { profileRoutes } from './modules/profile/routes';
import { pushRoutes } from './modules/push/routes';
import { registerPushJob } from './modules/push/service';
import { quizRoutes } from './modules/quizzes/routes';
import { reportRoutes } from './modules/reports/routes';
import { restaurantRoutes } from './modules/restaurants/routes';
import { scimRoutes } from './modules/scim/routes';
import { sensorRoutes } from './modules/sensors/routes';
import { registerSensorJobs } from './modules/sensors/service';
import { sessionRoutes } from './modules/session/routes';
import { setupRoutes } from './modules/setup/routes';
import { storePerformanceRoutes } from './modules/store-performance/routes';
import { trainingSuggestionRoutes } from './modules/training-suggestions/routes';
import { trainingRoutes } from './modules/trainings/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { userRoutes } from './modules/users/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { registerWebhookJobs, registerWebhookWake, type WebhookSettings } from './modules/webhooks/service';
import { createNotifier } from './notify/notifier';
import { echoRequestId, requestIdOptions } from './ops/request-id';
import { createPushSender } from './push/sender';
import { resolveVapidKeys, type VapidKeys } from './push/vapid-keys';
import { addSecurityHeaders } from './security-headers';
import { LocalStorage } from './storage/local-storage';
import type { S3Config } from './storage/s3-storage';
import type { Storage } from './storage/storage';
import { serveWebApp } from './web';

export interface AppOptions {
  database: DatabaseHandle;
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Unset (false), a write is same-site when its Origin is the
   * address the request was sent to (127.0.0.1, a LAN address), not only `publicUrl`.
   * Omitted: true, the strict check.
   */
  publicUrlSet?: boolean;
  authSecret: string;
  signInRateLimit: number;
  /** Calls one API token may make a minute, across every server (API_TOKEN_RATE_LIMIT); omitted, 600. */
  apiTokenRateLimit?: number;
  sessionDays: number;
  /** Days the activity log keeps (ACTIVITY_LOG_RETENTION_DAYS); omitted, 400. */
  activityLogRetentionDays?: number;
  /** Days sensor readings are kept (SENSOR_READINGS_RETENTION_DAYS); omitted, 730. */
  sensorReadingsRetentionDays?: number;
  /** The built web app to serve; null serves the API alone. */
  webRoot: string | null;
  /** Where uploaded files go (DATA_DIR). */
  dataDir: string;
  uploadMaxBytes?: number;
  /** Largest photo accepted (PHOTO_MAX_BYTES). */
  photoMaxBytes?: number;
  /** The zone of a restaurant created without one (DEFAULT_TIME_ZONE); omitted, Europe/Amsterdam. */
  defaultTimeZone?: string;
  /** An S3-compatible bucket for uploaded files; without it they go to DATA_DIR/uploads. */
  s3?: S3Config;
  monday?: { config: MondayConfig | null; missing: string[] };
  powerBi?: { config: PowerBiConfig | null; missing: string[]; networkClient?: INetworkModule };
  brandWord?: string;
  logger?: FastifyServerOptions['logger'];
  /** The proxies that may name the client (TRUST_PROXY: their addresses and CIDR ranges); omitted, none. */
  trustProxy?: TrustProxy;
  /** Run the job queue (jobs/app-jobs.ts) with the server: JOBS=on, the default of main.ts. Omitted: off. */
  jobs?: boolean;
  /** SMTP email (SMTP_URL, MAIL_FROM); omitted, email is off. */
  mail?: MailConfig;
  /** Prometheus metrics at /metrics (METRICS_*, decision 036); omitted, off. */
  metrics?: MetricsConfig;
  /** The demo's mail capture (`--demo` without SMTP_URL, issue 35), read at /api/demo-emails; omitted, that route is a 404. */
  demoMailbox?: DemoMailbox;
  /**
   * Web Push (VAPID_*): the key pair (omitted, generated once into `dataDir`) and the
   * subject push services may contact; `agent` lets tests trust a local push service.
   */
  push?: { vapidKeys?: VapidKeys; subject?: string; agent?: https.Agent };
  /** Single sign-on's provider from OIDC_* (issue 36, decision 040); hq adds more in Settings. */
  oidc?: EnvSsoProvider;
  /**
   * Webhooks (issue 37): WEBHOOKS_ALLOW_PRIVATE_ADDRESSES (a receiver on a private or local
   * network, as the tests' own) and whether endpoints must be https (NODE_ENV=production).
   * Omitted: private addresses refused, http allowed.
   */
  webhooks?: { allowPrivateAddresses: boolean; requireHttps: boolean };
}

export const BODY_LIMIT = 1024 * 1024;
/** Who push services may contact when no VAPID_SUBJECT is given (config.ts derives a better one). */
const DEFAULT_VAPID_SUBJECT = 'mailto:push@brigade.invalid';
export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const DEFAULT_PHOTO_MAX_BYTES = 15 * 1024 * 1024;

/** The whole server, ready to listen or to be driven by `app.inject()` in tests. */
export async function buildApp(options: AppOptions): Promise<
  App & {
    auth: Auth;
    storage: Storage;
    guard: AppContext['guard'];
    jobs: JobQueue | null;
    mailer: Mailer;
    /** Null when metrics are off; main.ts starts their listener of its own (METRICS_PORT). */
    metrics: MetricsEndpoint | null;
  }
> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy || false,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot read: 401 to a signed-out caller, as on every guarded route.
    frameworkErrors: answerUnroutableUrl(() => callerCheck),
    // refuseWhileClosing answers in our own shape instead.
    return503OnClosing: false,
    ...requestIdOptions(options.trustProxy || false),
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  refuseWhileClosing(app);
  answerCutOffRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  // Replies are written from each route's response schema compiled at start, not validated per request.
  app.setSerializerCompiler(replySerializerCompiler);
  registerErrorHandler(app);
  decorateSessionUser(app);
  // Who acts, from where, for the activity log's entries (issue 36).
  registerActivityContext(app);
  // Wakes the webhook delivery job after a request that made events (issue 37).
  registerWebhookWake(app, () => jobs);
  // The routes the offline outbox sends to (`config: { idempotent: true }`, issue 34): the
  // device's times, then the key; before compression, whose onSend must come after the key's.
  registerOfflineTimes(app);
  registerIdempotency(app, options.database.db);
  // Before any route: each guarded route's action goes into the OpenAPI document.
  app.addHook('onRoute', documentGuardedAction);
  // Before any route too: it decides per route, as each is added, which replies are compressed.
  await registerReplyCompression(app);
  // Reads the web's language cookie (issue 22); Better Auth reads its own session cookie.
  await app.register(fastifyCookie);

  // The AWS SDK (about a third of a second to load) only when a bucket is configured.
  const storage = options.s3
    ? new (await import('./storage/s3-storage')).S3Storage(options.s3, { log: app.log })
    : new LocalStorage(options.dataDir);
  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Photos (issue 19) load from the bucket too (a redirect to a presigned link) with S3;
        // a photo waiting in the offline outbox shows from its blob (issue 34).
        imgSrc: ["'self'", 'data:', 'blob:', ...(storage.mediaOrigin ? [storage.mediaOrigin] : [])],
        // The service worker (sw.js) and the web app manifest, ours only (issue 34).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Training videos may be direct links to files hosted anywhere on https; uploaded
        // ones play from the bucket (a redirect to a presigned link) when S3 is configured.
        mediaSrc: ["'self'", 'https:', 'blob:', ...(storage.mediaOrigin ? [storage.mediaOrigin] : [])],
        // Power BI reports are the only frames we embed (issue: embedded analytics).
        frameSrc: ['https://app.powerbi.com', 'https://*.powerbi.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Swagger UI and the embedded report frame need cross-origin resources.
    crossOriginEmbedderPolicy: false,
  });
  registerOriginCheck(app, { publicUrl: options.publicUrl, publicUrlSet: options.publicUrlSet });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Brigade API', version: '1.0.0', description: 'The operations app of a restaurant chain.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          // Issue 37: `Authorization: Bearer brg_…`; each operation's `x-scope` is the scope it needs.
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "An API token made by hq on the API Tokens screen. It acts with hq's reach, limited to its scopes: each operation names the one it needs as x-scope; an operation without x-scope takes no token.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const mailer = createMailer(options.mail);
  const sso = createSsoDirectory(options.database.db, createSecretBox(options.authSecret), options.oidc);
  const auth = createAuth({
    db: options.database.db,
    publicUrl: options.publicUrl,
    publicUrlSet: options.publicUrlSet,
    secret: options.authSecret,
    signInRateLimit: options.signInRateLimit,
    sessionDays: options.sessionDays,
    mailer,
    sso,
  });
  const sessionCheck = createSessionCheck(auth, options.database.db);
  // API tokens (issue 37): a bearer request is the token's, any other the session cookie's.
  const callerCheck = createCallerCheck(
    sessionCheck,
    createApiTokenCheck(options.database.db, { rateLimit: options.apiTokenRateLimit ?? DEFAULT_API_TOKEN_RATE_LIMIT }),
  );
  registerNoCookiesForTokens(app);
  const jobs = options.jobs ? createJobQueue(options.database, app.log) : null;
  const webhooks: WebhookSettings = {
    policy: {
      allowPrivate: options.webhooks?.allowPrivateAddresses ?? false,
      requireHttps: options.webhooks?.requireHttps ?? false,
    },
    secretBox: createSecretBox(options.authSecret),
  };
  // Before the modules: its request hook is inherited by every route.
  const metrics = options.metrics
    ? registerMetrics(app, options.metrics, {
        database: options.database,
        jobs: () => jobs,
        photos: photoProcessingLoad,
        log: app.log,
      })
    : null;
  const context: AppContext = {
    database: options.database,
    auth,
    guard: createGuard(callerCheck),
    sessionCheck: cookieOnly(sessionCheck),
    storage,
    uploadMaxBytes: options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES,
    photoMaxBytes: options.photoMaxBytes ?? DEFAULT_PHOTO_MAX_BYTES,
    defaultTimeZone: options.defaultTimeZone ?? FALLBACK_TIME_ZONE,
    monday: {
      client: options.monday?.config ? new MondayClient(options.monday.config) : null,
      missing: options.monday?.missing ?? ['MONDAY_API_TOKEN', 'MONDAY_BOARD_ID'],
    },
    powerBi: {
      client: options.powerBi?.config
        ? new PowerBiClient(options.powerBi.config, { networkClient: options.powerBi.networkClient })
        : null,
      missing: options.powerBi?.missing ?? [
        'AZURE_TENANT_ID',
        'AZURE_CLIENT_ID',
        'AZURE_CLIENT_SECRET',
        'POWERBI_WORKSPACE_ID',
      ],
      brandWord: options.brandWord,
    },
    mailer,
    notifier: createNotifier({ emailOn: mailer.configured, jobs: () => jobs }),
    push: createPushSender({
      keys: resolveVapidKeys(options.push?.vapidKeys, options.dataDir),
      subject: options.push?.subject ?? DEFAULT_VAPID_SUBJECT,
      agent: options.push?.agent,
    }),
    jobs,
    publicUrl: options.publicUrl,
  };
  await app.register(fastifyMultipart, { limits: { fileSize: context.uploadMaxBytes, files: 1, fields: 10 } });

  // Each module is a plugin in its own encapsulated context, given the dependencies it
  // names as options. Everything every module relies on is set on the root above, before
  // the first module, so each inherits it: the validator (zod), the reply serializer
  // (fast-json-stringify), the error handler, the request id, origin check and closing
  // hooks, the `sessionUser` request decorator, the route documentation and compression
  // hooks, the security headers, and multipart (a `fastify-plugin`).
  await app.register(healthRoutes, context);
  await app.register(authRoutes, context);
  await app.register(ssoRoutes, {
    db: options.database.db,
    auth,
    guard: context.guard,
    sso,
    publicUrl: options.publicUrl,
    publicUrlSet: options.publicUrlSet,
  });
  await app.register(setupRoutes, context);
  await app.register(sessionRoutes, context);
  await app.register(profileRoutes, context);
  await app.register(passkeyRoutes, {
    database: context.database,
    guard: context.guard,
    origins: { publicUrl: options.publicUrl, publicUrlSet: options.publicUrlSet },
  });
  await app.register(restaurantRoutes, context);
  await app.register(userRoutes, context);
  // Provisioning (SCIM 2.0): hq's tokens, and /scim/v2 with a bearer token, SCIM's errors and content type.
  await app.register(scimRoutes, context);
  await app.register(sensorRoutes, context);
  // API tokens (issue 37): hq's tokens; calls with one go through every route's guard.
  await app.register(apiTokenRoutes, context);
  await app.register(passwordRoutes, context);
  await app.register(auditTemplateRoutes, context);
  await app.register(auditRoutes, context);
  await app.register(auditReportRoutes, context);
  await app.register(auditSignOffRoutes, context);
  await app.register(correctiveActionRoutes, context);
  await app.register(auditScheduleRoutes, context);
  await app.register(foodSafetyLogRoutes, context);
  await app.register(checklistRoutes, context);
  await app.register(uploadRoutes, context);
  await app.register(photoRoutes, context);
  await app.register(trainingRoutes, context);
  await app.register(quizRoutes, context);
  await app.register(assignmentRoutes, context);
  await app.register(announcementRoutes, context);
  await app.register(notificationRoutes, context);
  await app.register(pushRoutes, context);
  await app.register(trainingSuggestionRoutes, context);
  await app.register(dashboardRoutes, context);
  await app.register(demoEmailRoutes, { guard: context.guard, demoMailbox: options.demoMailbox ?? null });
  await app.register(storePerformanceRoutes, context);
  await app.register(reportRoutes, context);
  await app.register(activityLogRoutes, context);
  await app.register(webhookRoutes, { ...context, webhooks });
  await serveWebApp(app, options.webRoot);
  if (jobs) {
    // Every job of the app, each from its module's service, on the one queue.
    registerAuditDueJob(jobs, context.database.db, context.notifier);
    registerNotificationJobs(jobs, context);
    registerChecklistJob(jobs, context.database.db, context.notifier);
    registerPushJob(jobs, context.database.db, context.push, app.log);
    registerIdempotencyPurge(jobs, context.database.db);
    registerActivityLogJobs(jobs, context.database.db, options.activityLogRetentionDays);
    registerSensorJobs(jobs, context.database.db, context.notifier, options.sensorReadingsRetentionDays);
    registerWebhookJobs(jobs, {
      db: context.database.db,
      notifier: context.notifier,
      publicUrl: options.publicUrl,
      ...webhooks,
    });
    runJobsWithApp(app, jobs);
  }
  app.addHook('onClose', async () => mailer.close());
  return Object.assign(app, { auth, storage, guard: context.guard, jobs, mailer, metrics });
}
