import { z } from 'zod';
import { ROLES } from '../roles';
import { text } from './fields';

/**
 * Single sign-on with OpenID Connect (issue 36, docs/decisions/040). The provider from
 * OIDC_* environment variables has the id `env`; those hq adds in Settings have uuids.
 */
export const ENV_PROVIDER_ID = 'env';

/** What the sign-in screen shows: one "Sign in with <name>" button per enabled provider. */
export const SsoProviderOption = z.object({ id: z.string(), name: z.string() });
export type SsoProviderOption = z.infer<typeof SsoProviderOption>;

export const SsoProviderParams = z.object({
  id: z.union([z.literal(ENV_PROVIDER_ID), z.uuid({ error: 'Not a valid id' })]),
});

/** Why a sign-in through a provider came back to the sign-in screen (`/sign-in?sso=<reason>`). */
export const SSO_FAILURES = [
  'failed',
  'unavailable',
  'email-unverified',
  'domain-not-allowed',
  'no-account',
  'deactivated',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const GroupRole = z.object({
  group: text().trim().min(1, 'Group is required').max(200, 'At most 200 characters'),
  role: z.enum(ROLES),
});
export type GroupRole = z.infer<typeof GroupRole>;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The settings form (hq). The client secret is write-only: omitted or blank on edit keeps the stored one. */
export const IdentityProviderInput = z.object({
  name: text().trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
  issuer: z
    .url({ protocol: /^https?$/, error: 'Issuer must be an http(s) URL' })
    .max(500, 'At most 500 characters')
    .transform((url) => url.replace(/\/$/, '')),
  clientId: text().trim().min(1, 'Client ID is required').max(500, 'At most 500 characters'),
  clientSecret: text()
    .max(1000, 'At most 1000 characters')
    .optional()
    .transform((secret) => secret?.trim() || undefined),
  allowedDomains: z
    .array(text().trim().toLowerCase().regex(DOMAIN, 'Not a valid domain, such as example.com'))
    .min(1, 'At least one email domain is required')
    .max(50),
  jit: z.boolean(),
  groupRoles: z.array(GroupRole).max(100),
  passwordSignIn: z.boolean(),
  enabled: z.boolean(),
});
export type IdentityProviderInput = z.input<typeof IdentityProviderInput>;

export const IdentityProvider = z.object({
  id: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored; the secret itself never leaves the server. */
  hasSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  jit: z.boolean(),
  groupRoles: z.array(z.object({ group: z.string(), role: z.enum(ROLES) })),
  passwordSignIn: z.boolean(),
  enabled: z.boolean(),
  /** Set by OIDC_* environment variables: shown, not editable here. */
  fromEnvironment: z.boolean(),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
});
export type IdentityProvider = z.infer<typeof IdentityProvider>;
