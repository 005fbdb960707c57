import { messages } from '@brigade/core/messages';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema/users';

/** The header our Fastify bridge sets to the client address; clients cannot set it. */
export const CLIENT_IP_HEADER = 'x-brigade-client-ip';

export interface AuthOptions {
  db: Database;
  publicUrl: string;
  secret: string;
  signInRateLimit: number;
  sessionDays: number;
}

export function createAuth({ db, publicUrl, secret, signInRateLimit, sessionDays }: AuthOptions) {
  return betterAuth({
    appName: 'Brigade',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      // Our tables are plural (users, sessions, ...); join keys then match the schema's relations.
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    // hq creates every account; nobody signs themselves up.
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 6, maxPasswordLength: 128 },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'staff', input: false },
        isActive: { type: 'boolean', required: false, defaultValue: true, input: false },
      },
    },
    session: {
      expiresIn: sessionDays * 24 * 60 * 60,
      // Renewed while in use: any request after an hour pushes the expiry forward.
      updateAge: 60 * 60,
      // No cookie cache: deactivating a user must end their sessions at once.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'memory',
      window: 60,
      max: 300,
      customRules: { '/sign-in/email': { window: 60, max: signInRateLimit } },
    },
    advanced: {
      // Explicit, so that the origin (CSRF) check also runs under NODE_ENV=test.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: {
        generateId: () => crypto.randomUUID(),
        // A session and its user in one round trip instead of two, on every request.
        joins: true,
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated account cannot start a session, whatever its password.
          before: async (session) => {
            const [user] = await db
              .select({ isActive: users.isActive })
              .from(users)
              .where(eq(users.id, session.userId));
            if (!user?.isActive) throw new APIError('FORBIDDEN', { message: messages.accountDeactivated });
            return { data: session };
          },
        },
      },
    },
    telemetry: { enabled: false },
    // Wrong passwords are an everyday event, not a warning worth a log line.
    logger: { level: 'error' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
