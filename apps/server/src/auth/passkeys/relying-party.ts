import type { OriginPolicy } from '../origin-check';

/** Who the passkeys are for: WebAuthn's relying party id (a host name) and the origin pages are served from. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/**
 * PUBLIC_URL's host and origin; with PUBLIC_URL unset, the address the request was sent to
 * (the same-host rule of origin-check.ts), so the demo opened at 127.0.0.1 or a LAN address
 * registers and signs in there. A passkey is bound to its rpID: one added at one address
 * does not sign in at another.
 */
export function relyingPartyOf(policy: OriginPolicy, requestOrigin: string | undefined): RelyingParty {
  const url = new URL(policy.publicUrlSet === false && requestOrigin ? requestOrigin : policy.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}
