import { messages } from '@brigade/core/messages';
import type { Role } from '@brigade/core/roles';
import {
  ENV_PROVIDER_ID,
  type GroupRole,
  type IdentityProvider,
  type IdentityProviderInput,
  type SsoProviderOption,
} from '@brigade/core/schemas/sso';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordActivity } from '../../activity/record';
import type { Database } from '../../db/database';
import { identityProviders } from '../../db/schema/identity-providers';
import { badRequest, conflict, notFound } from '../../errors';
import type { SecretBox } from './secret-box';

/** One provider as the sign-in code uses it: the client secret in the clear, in memory only. */
export interface SsoProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  allowedDomains: string[];
  jit: boolean;
  groupRoles: GroupRole[];
  passwordSignIn: boolean;
  enabled: boolean;
  fromEnvironment: boolean;
}

/** The OIDC_* provider (config.ts), when those variables are set. */
export type EnvSsoProvider = Omit<SsoProvider, 'id' | 'enabled' | 'fromEnvironment'>;

export type ParsedProviderInput = z.output<typeof IdentityProviderInput>;

type Row = typeof identityProviders.$inferSelect;

/** Every way the server reads and changes the providers (env one first, then hq's by name). */
export interface SsoDirectory {
  all(): Promise<SsoProvider[]>;
  find(id: string): Promise<SsoProvider | undefined>;
  /** The enabled providers, as the sign-in screen lists them. */
  options(): Promise<SsoProviderOption[]>;
  /** Whether an enabled provider switched password sign-in off for the domain of `email`. */
  passwordSignInOff(email: string): Promise<boolean>;
  view(provider: SsoProvider, redirectUri: string): IdentityProvider;
  create(input: ParsedProviderInput, actorId: string): Promise<SsoProvider>;
  update(id: string, input: ParsedProviderInput, actorId: string): Promise<SsoProvider>;
  remove(id: string, actorId: string): Promise<void>;
}

export function createSsoDirectory(db: Database, box: SecretBox, env?: EnvSsoProvider): SsoDirectory {
  const envProvider: SsoProvider | undefined = env && {
    ...env,
    id: ENV_PROVIDER_ID,
    enabled: true,
    fromEnvironment: true,
  };
  const fromRow = (row: Row): SsoProvider => ({
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: box.open(row.clientSecret),
    allowedDomains: row.allowedDomains,
    jit: row.jit,
    groupRoles: Object.entries(row.groupRoles).map(([group, role]) => ({ group, role: role as Role })),
    passwordSignIn: row.passwordSignIn,
    enabled: row.enabled,
    fromEnvironment: false,
  });

  const all = async () => {
    const rows = await db
      .select()
      .from(identityProviders)
      .orderBy(asc(identityProviders.name), asc(identityProviders.id));
    return [...(envProvider ? [envProvider] : []), ...rows.map(fromRow)];
  };
  // Sign In's list and the password check read the providers on every page load and
  // sign-in: kept for a few seconds (dropped at once by a change made here; another
  // server sees a change within CACHE_MS). The way out and back read the row itself.
  let cache: { at: number; providers: Promise<SsoProvider[]> } | undefined;
  const cachedAll = () => {
    if (!cache || Date.now() - cache.at > CACHE_MS) {
      const providers = all();
      cache = { at: Date.now(), providers };
      providers.catch(() => {
        cache = undefined;
      });
    }
    return cache.providers;
  };
  const find = async (id: string) => {
    if (id === ENV_PROVIDER_ID) return envProvider;
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(identityProviders).where(eq(identityProviders.id, id));
    return row && fromRow(row);
  };
  const ownRow = async (id: string) => {
    if (id === ENV_PROVIDER_ID) throw conflict(messages.identityProviderFromEnvironment);
    const provider = await find(id);
    if (!provider) throw notFound(messages.identityProviderNotFound);
    return provider;
  };

  return {
    all,
    find,
    async options() {
      return (await cachedAll()).filter((provider) => provider.enabled).map(({ id, name }) => ({ id, name }));
    },
    async passwordSignInOff(email) {
      const domain = domainOf(email);
      if (!domain) return false;
      return (await cachedAll()).some(
        (provider) => provider.enabled && !provider.passwordSignIn && provider.allowedDomains.includes(domain),
      );
    },
    view(provider, redirectUri) {
      const { clientSecret, ...shown } = provider;
      return { ...shown, hasSecret: clientSecret !== null, redirectUri };
    },
    async create(input, actorId) {
      checkIssuer(input.issuer);
      cache = undefined;
      if (!input.clientSecret)
        throw badRequest(messages.clientSecretRequired, { clientSecret: messages.clientSecretRequired });
      return db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(identityProviders)
            .values({ ...columnsOf(input), clientSecret: box.seal(input.clientSecret as string) })
            .returning();
          if (!row) throw new Error('The identity provider was not returned');
          await recordActivity(tx, {
            kind: 'setting.changed',
            actorId,
            objectType: 'identityProvider',
            objectId: row.id,
            objectLabel: row.name,
            details: { action: 'created' },
            changes: changesOf(undefined, fromRow(row)),
          });
          return fromRow(row);
        })
        .finally(() => {
          cache = undefined;
        });
    },
    async update(id, input, actorId) {
      const before = await ownRow(id);
      checkIssuer(input.issuer);
      cache = undefined;
      return db
        .transaction(async (tx) => {
          const [row] = await tx
            .update(identityProviders)
            .set({ ...columnsOf(input), ...(input.clientSecret ? { clientSecret: box.seal(input.clientSecret) } : {}) })
            .where(eq(identityProviders.id, id))
            .returning();
          if (!row) throw notFound(messages.identityProviderNotFound);
          const after = fromRow(row);
          const changes = changesOf(before, after);
          // The secret itself never goes into the log: only that it changed.
          if (input.clientSecret) changes.clientSecret = { from: '(hidden)', to: '(changed)' };
          await recordActivity(tx, {
            kind: 'setting.changed',
            actorId,
            objectType: 'identityProvider',
            objectId: row.id,
            objectLabel: row.name,
            details: { action: 'updated' },
            changes,
          });
          return after;
        })
        .finally(() => {
          cache = undefined;
        });
    },
    async remove(id, actorId) {
      const before = await ownRow(id);
      cache = undefined;
      await db.transaction(async (tx) => {
        await tx.delete(identityProviders).where(eq(identityProviders.id, id));
        await recordActivity(tx, {
          kind: 'setting.changed',
          actorId,
          objectType: 'identityProvider',
          objectId: id,
          objectLabel: before.name,
          details: { action: 'deleted' },
        });
      });
      cache = undefined;
    },
  };
}

/** How long Sign In's list and the password check may use providers read before (another server's change shows within it). */
const CACHE_MS = 5000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function domainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  return at > 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase()
    : undefined;
}

/** http only to this machine (a provider for development or tests); any other issuer must be https. */
export function isAllowedIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function checkIssuer(issuer: string) {
  if (!isAllowedIssuer(issuer)) {
    throw badRequest(messages.issuerMustBeHttps, { issuer: messages.issuerMustBeHttps });
  }
}

function columnsOf(input: ParsedProviderInput) {
  return {
    name: input.name,
    issuer: input.issuer,
    clientId: input.clientId,
    allowedDomains: [...new Set(input.allowedDomains)],
    jit: input.jit,
    groupRoles: Object.fromEntries(input.groupRoles.map(({ group, role }) => [group, role])),
    passwordSignIn: input.passwordSignIn,
    enabled: input.enabled,
  };
}

const LOGGED_FIELDS = [
  'name',
  'issuer',
  'clientId',
  'allowedDomains',
  'jit',
  'groupRoles',
  'passwordSignIn',
  'enabled',
] as const;

function changesOf(before: SsoProvider | undefined, after: SsoProvider) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of LOGGED_FIELDS) {
    const from = before?.[field] ?? null;
    const to = after[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}
