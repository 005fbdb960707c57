import net from 'node:net';
import path from 'node:path';
import { DEFAULT_ACTIVITY_LOG_RETENTION_DAYS } from '@brigade/core/activity';
import { DEFAULT_API_TOKEN_RATE_LIMIT } from '@brigade/core/api-scopes';
import { FALLBACK_TIME_ZONE, isTimeZone } from '@brigade/core/restaurant-time';
import { z } from 'zod';
import type { TrustProxy } from './http/trust-proxy';
import type { MondayConfig } from './integrations/monday';
import type { PowerBiConfig } from './integrations/powerbi';
import type { S3Config } from './storage/s3-storage';

/** Uploaded files go to an S3-compatible bucket only when all of these are set. */
/**
 * Sign-ins per client address a minute. One restaurant's tablets share one address, and
 * a team signs in together at shift change: the limit per address only slows a sweep
 * across many accounts from one place, while the limit per account (10 failures in 15
 * minutes, whatever the address) is what stops guessing a password.
 */
export const DEFAULT_SIGN_IN_RATE_LIMIT = 100;

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const Env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://brigade.example.com' })
      .optional(),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_RATE_LIMIT),
    /** Calls one API token may make a minute, counted across every server (issue 37). */
    API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_API_TOKEN_RATE_LIMIT),
    SESSION_DAYS: z.coerce.number().positive().default(7),
    ACTIVITY_LOG_RETENTION_DAYS: z.coerce.number().int().min(31).default(DEFAULT_ACTIVITY_LOG_RETENTION_DAYS),
    // Temperature sensors' readings (issue 37): whole months older are dropped daily; 2 years by default.
    SENSOR_READINGS_RETENTION_DAYS: z.coerce.number().int().min(31).default(730),
    TRUST_PROXY: z.string().default('false').transform(trustProxyOf),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(2 * 1024 * 1024 * 1024),
    PHOTO_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 1024 * 1024),
    MONDAY_API_TOKEN: z.string().min(1).optional(),
    MONDAY_BOARD_ID: z.string().regex(/^\d+$/, 'must be the numeric id of a monday.com board').optional(),
    MONDAY_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.monday.com/v2'),
    MONDAY_API_VERSION: z.string().min(1).default('2025-10'),
    MONDAY_RESTAURANT_COLUMN: z.string().min(1).default('group'),
    MONDAY_DATE_COLUMN: z.string().min(1).default('date'),
    MONDAY_PERSON_COLUMN: z.string().min(1).default('person'),
    MONDAY_STATUS_COLUMN: z.string().min(1).default('status'),
    MONDAY_NOTE_STATUS_COLUMN: z.string().min(1).default('status'),
    MONDAY_NOTE_CATEGORY_COLUMN: z.string().min(1).default('category'),
    MONDAY_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
    AZURE_TENANT_ID: z.string().min(1).optional(),
    AZURE_CLIENT_ID: z.string().min(1).optional(),
    AZURE_CLIENT_SECRET: z.string().min(1).optional(),
    AZURE_AUTHORITY_HOST: z
      .url({ protocol: /^https$/, error: 'must be an https URL' })
      .default('https://login.microsoftonline.com'),
    POWERBI_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.powerbi.com/v1.0/myorg'),
    POWERBI_WORKSPACE_ID: z.string().min(1).optional(),
    POWERBI_REPORT_HQ_SALES: z.string().min(1).optional(),
    POWERBI_REPORT_HQ_PRODUCT_MIX: z.string().min(1).optional(),
    POWERBI_REPORT_HQ_OPERATIONS: z.string().min(1).optional(),
    POWERBI_REPORT_23_24_25: z.string().min(1).optional(),
    POWERBI_DATASET_23_24_25: z.string().min(1).optional(),
    POWERBI_REPORT_SALES: z.string().min(1).optional(),
    POWERBI_REPORT_PRODUCT_MIX: z.string().min(1).optional(),
    POWERBI_REPORT_OPERATIONS: z.string().min(1).optional(),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com' })
      .optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PREFIX: z.string().default('uploads/'),
    S3_PUBLIC_ENDPOINT: z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL that browsers can reach, such as https://files.example.com',
      })
      .optional(),
    S3_UPLOAD_PART_MB: z.coerce
      .number()
      .int()
      .min(5, 'must be at least 5 (S3 refuses smaller parts)')
      .max(5120, 'must be at most 5120 (S3 refuses larger parts)')
      .default(8),
    S3_PLAYBACK_URL_SECONDS: z.coerce
      .number()
      .int()
      .min(10, 'must be at least 10')
      .max(604800, 'must be at most 604800 (7 days, the longest a presigned link can work)')
      .default(300),
    BRAND_WORD: z.string().optional(),
    WEB_ROOT: z.string().min(1).optional(),
    JOBS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
    NODE_ENV: z.string().optional(),
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
      })
      .optional(),
    MAIL_FROM: z.string().trim().min(3).optional(),
    DEFAULT_TIME_ZONE: z
      .string()
      .default(FALLBACK_TIME_ZONE)
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/Amsterdam or America/New_York'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    METRICS_TOKEN: z
      .string()
      .regex(/^\S+$/, 'must not contain spaces')
      .min(32, 'must be at least 32 characters (openssl rand -hex 32 makes one)')
      .optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        'must be a P-256 public key in base64url (87 characters), as web-push generate-vapid-keys prints it',
      )
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{43}$/,
        'must be a P-256 private key in base64url (43 characters), as web-push generate-vapid-keys prints it',
      )
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(
        /^(mailto:.+|https:\/\/.+)$/,
        'must be a mailto: address or an https URL where push services can reach whoever runs Brigade',
      )
      .optional(),
    // Single sign-on (issue 36, docs/decisions/040): one OpenID Connect provider, Entra ID first.
    OIDC_ISSUER: z
      .url({
        protocol: /^https?$/,
        error: 'must be the issuer URL, such as https://login.microsoftonline.com/<tenant id>/v2.0',
      })
      .optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().trim().min(1).default('Microsoft'),
    OIDC_ALLOWED_DOMAINS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((domain) => domain.trim().toLowerCase())
          .filter(Boolean),
      ),
    OIDC_JIT: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
    OIDC_PASSWORD_SIGN_IN: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    OIDC_GROUP_ROLES: z.string().default('').transform(groupRolesOf),
  })
  .superRefine((env, context) => {
    const oidcSet = OIDC_REQUIRED.filter((name) =>
      name === 'OIDC_ALLOWED_DOMAINS' ? env[name].length > 0 : env[name],
    );
    if (oidcSet.length > 0 && oidcSet.length < OIDC_REQUIRED.length) {
      for (const name of OIDC_REQUIRED.filter((name) => !oidcSet.includes(name))) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is required for single sign-on because ${oidcSet.join(', ')} ${oidcSet.length === 1 ? 'is' : 'are'} set (set all of ${OIDC_REQUIRED.join(', ')}, or none)`,
        });
      }
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      context.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: `must differ from PORT (${env.PORT}): it is a listener of its own; to serve /metrics on PORT, set METRICS_TOKEN alone`,
      });
    }
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `is required because ${env.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'} is set (set both, or neither to have the keys generated into DATA_DIR)`,
      });
    }
    const set = S3_REQUIRED.filter((name) => env[name]);
    if (set.length === 0 || set.length === S3_REQUIRED.length) return;
    for (const name of S3_REQUIRED.filter((name) => !env[name])) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `is required for S3 file storage because ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set (set all of ${S3_REQUIRED.join(', ')}, or none to keep files on local disk)`,
      });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    /** Unset, the server answers at whatever address reaches it (127.0.0.1, a LAN address): see origin-check.ts. */
    publicUrlSet: env.PUBLIC_URL !== undefined,
    authSecret: env.BETTER_AUTH_SECRET,
    signInRateLimit: env.SIGN_IN_RATE_LIMIT,
    apiTokenRateLimit: env.API_TOKEN_RATE_LIMIT,
    sessionDays: env.SESSION_DAYS,
    /** Days the activity log keeps (issue 36, decision 043); whole months older are dropped. */
    activityLogRetentionDays: env.ACTIVITY_LOG_RETENTION_DAYS,
    sensorReadingsRetentionDays: env.SENSOR_READINGS_RETENTION_DAYS,
    trustProxy: env.TRUST_PROXY,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    photoMaxBytes: env.PHOTO_MAX_BYTES,
    /** The time zone a new restaurant gets when the form names none (issue 33). */
    defaultTimeZone: env.DEFAULT_TIME_ZONE,
    logLevel: env.LOG_LEVEL,
    /** Prometheus metrics (issue 35, decision 036): off unless METRICS_TOKEN or METRICS_PORT is set. */
    metrics:
      env.METRICS_TOKEN || env.METRICS_PORT
        ? { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST }
        : undefined,
    /** The job queue (due audits every 15 minutes); off for a server that must not run jobs. */
    jobs: env.JOBS === 'on',
    /**
     * Webhooks (issue 37): private, loopback and link-local addresses are refused unless
     * WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=true; in production (NODE_ENV=production) endpoints must be https.
     */
    webhooks: {
      allowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'true',
      requireHttps: env.NODE_ENV === 'production',
    },
    /** Email (issue 20): unset SMTP_URL means in-app notifications only, said at start. */
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? defaultMailFrom(env.PUBLIC_URL) } : undefined,
    webRoot: env.WEB_ROOT ? path.resolve(env.WEB_ROOT) : undefined,
    monday: mondayConfigOf(env),
    powerBi: powerBiConfigOf(env),
    s3: s3ConfigOf(env),
    brandWord: env.BRAND_WORD?.trim() || undefined,
    /** Web Push (issue 34): the VAPID keys (unset, generated once into DATA_DIR) and who push services may contact. */
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? defaultVapidSubject(env.PUBLIC_URL, env.MAIL_FROM),
    },
    /** Single sign-on's provider from OIDC_* (issue 36); more are added by hq in Settings. */
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            name: env.OIDC_NAME,
            issuer: env.OIDC_ISSUER.replace(/\/$/, ''),
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            allowedDomains: env.OIDC_ALLOWED_DOMAINS,
            jit: env.OIDC_JIT === 'on',
            passwordSignIn: env.OIDC_PASSWORD_SIGN_IN === 'on',
            groupRoles: env.OIDC_GROUP_ROLES,
          }
        : undefined,
  }));

const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ALLOWED_DOMAINS'] as const;

/** OIDC_GROUP_ROLES: `<group id>=<role>` pairs, comma-separated (a group id is what the `groups` claim lists). */
function groupRolesOf(value: string, context: z.RefinementCtx): { group: string; role: 'staff' | 'manager' | 'hq' }[] {
  const pairs = value
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean);
  const mapped: { group: string; role: 'staff' | 'manager' | 'hq' }[] = [];
  for (const pair of pairs) {
    const [group = '', role = ''] = pair.split('=').map((part) => part.trim());
    if (!group || !['staff', 'manager', 'hq'].includes(role)) {
      context.addIssue({ code: 'custom', message: `${JSON.stringify(pair)} is not <group id>=<staff|manager|hq>` });
      return z.NEVER;
    }
    mapped.push({ group, role: role as 'staff' | 'manager' | 'hq' });
  }
  return mapped;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_PROXY_HELP =
  'give the addresses of the proxies in front of Brigade, comma-separated IPs or CIDR ranges ' +
  '(127.0.0.1 for a proxy on this machine, 10.0.0.0/8 or uniquelocal for one on a private network), or false';

/** An IP address, a CIDR range, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function trustProxyOf(value: string, context: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  const refuse = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  // `true` trusted every hop, so the left-most X-Forwarded-For address, which the client
  // writes itself, became "the client": anyone escaped the sign-in limit per address.
  if (text === 'true' || text === '1') {
    return refuse(
      `${value.trim()} is no longer accepted: it believed whatever address a client put first in X-Forwarded-For; ${TRUST_PROXY_HELP}`,
    );
  }
  // Fastify ignores a hop count (it cannot tell a proxy from a client that reaches the
  // server directly), which would leave every person sharing the proxy's address.
  if (/^\d+$/.test(text)) return refuse(`a number of proxies is not accepted; ${TRUST_PROXY_HELP}`);
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    return refuse(
      `${wrong.map((entry) => JSON.stringify(entry)).join(', ')} is not an IP address or CIDR range; ${TRUST_PROXY_HELP}`,
    );
  }
  return entries;
}

/** "Brigade <no-reply@host>" for the host of PUBLIC_URL (localhost without it). */
function defaultMailFrom(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `Brigade <no-reply@${host}>`;
}

/**
 * Who push services may contact about this server's pushes: the PUBLIC_URL when it is
 * https, else the address of MAIL_FROM, else a placeholder (push services accept it;
 * Apple's asks for a real one, so set VAPID_SUBJECT for Safari).
 */
function defaultVapidSubject(publicUrl: string | undefined, mailFrom: string | undefined): string {
  if (publicUrl?.startsWith('https://')) return new URL(publicUrl).origin;
  const address = mailFrom?.match(/<([^>]+)>/)?.[1] ?? mailFrom;
  return `mailto:${address && /^[^\s@]+@[^\s@]+$/.test(address) ? address : 'push@brigade.invalid'}`;
}

/** The bucket for uploaded files, or undefined for local disk (DATA_DIR/uploads). */
function s3ConfigOf(env: {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PREFIX: string;
  S3_PUBLIC_ENDPOINT?: string;
  S3_UPLOAD_PART_MB: number;
  S3_PLAYBACK_URL_SECONDS: number;
}): S3Config | undefined {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: S3_ENDPOINT.replace(/\/+$/, ''),
    bucket: S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    prefix: env.S3_PREFIX.replace(/^\/+/, ''),
    publicEndpoint: env.S3_PUBLIC_ENDPOINT?.replace(/\/+$/, ''),
    partSize: env.S3_UPLOAD_PART_MB * 1024 * 1024,
    playbackUrlSeconds: env.S3_PLAYBACK_URL_SECONDS,
  };
}

type PowerBiEnv = Partial<
  Record<
    | 'AZURE_TENANT_ID'
    | 'AZURE_CLIENT_ID'
    | 'AZURE_CLIENT_SECRET'
    | 'POWERBI_WORKSPACE_ID'
    | 'POWERBI_REPORT_HQ_SALES'
    | 'POWERBI_REPORT_HQ_PRODUCT_MIX'
    | 'POWERBI_REPORT_HQ_OPERATIONS'
    | 'POWERBI_REPORT_23_24_25'
    | 'POWERBI_DATASET_23_24_25'
    | 'POWERBI_REPORT_SALES'
    | 'POWERBI_REPORT_PRODUCT_MIX'
    | 'POWERBI_REPORT_OPERATIONS',
    string
  >
> & { AZURE_AUTHORITY_HOST: string; POWERBI_API_URL: string };

/** The Power BI service principal and report ids, or which required settings are missing. */
function powerBiConfigOf(env: PowerBiEnv): { config: PowerBiConfig | null; missing: string[] } {
  const required = ['AZURE_TENANT_ID', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET', 'POWERBI_WORKSPACE_ID'] as const;
  const missing = required.filter((name) => !env[name]);
  const { AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, POWERBI_WORKSPACE_ID } = env;
  if (!AZURE_TENANT_ID || !AZURE_CLIENT_ID || !AZURE_CLIENT_SECRET || !POWERBI_WORKSPACE_ID) {
    return { config: null, missing };
  }
  const report = (reportId?: string, datasetId?: string) => (reportId ? { reportId, datasetId } : undefined);
  return {
    config: {
      tenantId: AZURE_TENANT_ID,
      clientId: AZURE_CLIENT_ID,
      clientSecret: AZURE_CLIENT_SECRET,
      authorityHost: env.AZURE_AUTHORITY_HOST,
      apiUrl: env.POWERBI_API_URL,
      workspaceId: POWERBI_WORKSPACE_ID,
      reports: {
        'hq-sales': report(env.POWERBI_REPORT_HQ_SALES),
        'hq-product-mix': report(env.POWERBI_REPORT_HQ_PRODUCT_MIX),
        'hq-operations': report(env.POWERBI_REPORT_HQ_OPERATIONS),
        '23-24-25': report(env.POWERBI_REPORT_23_24_25, env.POWERBI_DATASET_23_24_25),
        sales: report(env.POWERBI_REPORT_SALES),
        'product-mix': report(env.POWERBI_REPORT_PRODUCT_MIX),
        operations: report(env.POWERBI_REPORT_OPERATIONS),
      },
    },
    missing: [],
  };
}

/** The store-visits board settings, or which of the required ones are missing. */
function mondayConfigOf(env: {
  MONDAY_API_TOKEN?: string;
  MONDAY_BOARD_ID?: string;
  MONDAY_API_URL: string;
  MONDAY_API_VERSION: string;
  MONDAY_RESTAURANT_COLUMN: string;
  MONDAY_DATE_COLUMN: string;
  MONDAY_PERSON_COLUMN: string;
  MONDAY_STATUS_COLUMN: string;
  MONDAY_NOTE_STATUS_COLUMN: string;
  MONDAY_NOTE_CATEGORY_COLUMN: string;
  MONDAY_CACHE_SECONDS: number;
}): { config: MondayConfig | null; missing: string[] } {
  const missing = [
    ...(env.MONDAY_API_TOKEN ? [] : ['MONDAY_API_TOKEN']),
    ...(env.MONDAY_BOARD_ID ? [] : ['MONDAY_BOARD_ID']),
  ];
  if (!env.MONDAY_API_TOKEN || !env.MONDAY_BOARD_ID) return { config: null, missing };
  return {
    config: {
      token: env.MONDAY_API_TOKEN,
      boardId: env.MONDAY_BOARD_ID,
      apiUrl: env.MONDAY_API_URL,
      apiVersion: env.MONDAY_API_VERSION,
      restaurantColumn: env.MONDAY_RESTAURANT_COLUMN,
      dateColumn: env.MONDAY_DATE_COLUMN,
      personColumn: env.MONDAY_PERSON_COLUMN,
      statusColumn: env.MONDAY_STATUS_COLUMN,
      noteStatusColumn: env.MONDAY_NOTE_STATUS_COLUMN,
      noteCategoryColumn: env.MONDAY_NOTE_CATEGORY_COLUMN,
      cacheSeconds: env.MONDAY_CACHE_SECONDS,
    },
    missing: [],
  };
}

export type Config = z.output<typeof Env>;

/** Reads the environment, or throws one readable line per bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = Env.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export class ConfigError extends Error {}
