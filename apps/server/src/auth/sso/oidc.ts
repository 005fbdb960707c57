import { EMAIL_PATTERN, isStorableText } from '@brigade/core/schemas/fields';
import * as client from 'openid-client';
import type { SsoProvider } from './providers';

/**
 * The OpenID Connect authorization code flow with PKCE, state and nonce, through
 * openid-client 6 (docs/decisions/040). Discovery documents are kept for an hour per
 * provider setting, so a sign-in costs the provider one token request.
 */
export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  /** The `groups` claim when the provider sends it (Entra: group object ids). */
  groups?: string[];
}

const DISCOVERY_MS = 60 * 60 * 1000;
const configurations = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

function configurationOf(provider: SsoProvider): Promise<client.Configuration> {
  const key = JSON.stringify([provider.id, provider.issuer, provider.clientId, provider.clientSecret]);
  const cached = configurations.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_MS) return cached.configuration;
  const issuer = new URL(provider.issuer);
  const configuration = client.discovery(
    issuer,
    provider.clientId,
    undefined,
    client.ClientSecretPost(provider.clientSecret ?? ''),
    // http is accepted only for an issuer on this machine (providers.ts `isAllowedIssuer`).
    issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
  );
  configurations.set(key, { at: Date.now(), configuration });
  // A provider that could not be reached is asked again next time, not in an hour.
  configuration.catch(() => configurations.delete(key));
  return configuration;
}

export async function startAuthorization(provider: SsoProvider, redirectUri: string): Promise<AuthorizationStart> {
  const configuration = await configurationOf(provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/**
 * Redeems the code of `callbackUrl` (the redirect URI with the provider's query) and
 * checks the ID token: signature, issuer, audience, expiry, nonce; and the state.
 * Throws on anything wrong, including a code used before.
 */
export async function finishAuthorization(
  provider: SsoProvider,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedClaims> {
  const configuration = await configurationOf(provider);
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider sent no ID token');
  // What the provider signed is still stored only when PostgreSQL can store it as sent.
  if (claims.sub.length > 255 || !isStorableText(claims.sub)) throw new Error('The ID token has an unusable sub');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
  const usableEmail = email && email.length <= 254 && EMAIL_PATTERN.test(email) && isStorableText(email);
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 200) : undefined;
  return {
    sub: claims.sub,
    email: usableEmail ? email : undefined,
    // Entra ID sends no email_verified; its `xms_edov` (optional claim) says the domain owner verified the email.
    emailVerified: claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === '1',
    name: name && isStorableText(name) ? name : undefined,
    groups: Array.isArray(claims.groups) ? claims.groups.filter((group) => typeof group === 'string') : undefined,
  };
}
