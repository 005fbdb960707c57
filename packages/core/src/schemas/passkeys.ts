import { z } from 'zod';
import { text } from './fields';

/**
 * Passkeys (issue 36, docs/decisions/042): a person adds passkeys in Profile and signs in
 * with one instead of a password. The browser's WebAuthn answers travel as the JSON
 * SimpleWebAuthn's browser library makes of them (base64url strings); the server checks
 * them with its server library. Only their shape is checked here.
 */

export const PASSKEY_NAME_MAX = 100;

export const passkeyNameField = text({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters`);

/** A base64url value of a WebAuthn answer (an attestation object of a few kilobytes at most). */
const base64url = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`);

const credentialFields = {
  id: base64url('id', 1400),
  rawId: base64url('rawId', 1400),
  type: z.literal('public-key', { error: 'type must be public-key' }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What `startRegistration()` of @simplewebauthn/browser answers. */
export const PasskeyRegistrationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url('clientDataJSON', 4000),
    attestationObject: base64url('attestationObject', 16000),
    transports: z.array(z.string().max(40)).max(10).optional(),
    authenticatorData: base64url('authenticatorData', 16000).optional(),
    publicKey: base64url('publicKey', 8000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

/** What `startAuthentication()` of @simplewebauthn/browser answers. */
export const PasskeyAuthenticationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url('clientDataJSON', 4000),
    authenticatorData: base64url('authenticatorData', 4000),
    // ML-DSA (post-quantum), which SimpleWebAuthn offers first where the runtime has it
    // (Node 24), signs in up to 4,627 bytes: 6,170 characters here.
    signature: base64url('signature', 8000),
    userHandle: base64url('userHandle', 200).optional(),
  }),
});

/** Options for `startRegistration()` / `startAuthentication()`: WebAuthn's JSON, passed on as it is. */
export const PasskeyCeremonyOptions = z.looseObject({ challenge: z.string() });
export type PasskeyCeremonyOptions = z.infer<typeof PasskeyCeremonyOptions>;

/** Adding a passkey: its name, and the browser's answer to the options. */
export const PasskeyRegistration = z.object({
  name: passkeyNameField,
  response: PasskeyRegistrationResponse,
});
export type PasskeyRegistration = z.input<typeof PasskeyRegistration>;

/** Signing in: the browser's answer to the sign-in options. */
export const PasskeySignIn = z.object({ response: PasskeyAuthenticationResponse });
export type PasskeySignIn = z.input<typeof PasskeySignIn>;

export const PasskeyRename = z.object({ name: passkeyNameField });
export type PasskeyRename = z.input<typeof PasskeyRename>;

/** One of my passkeys, as Profile lists it. */
export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The last sign-in with it; null before the first. */
  lastUsedAt: z.string().nullable(),
  /** Synced between devices by its provider (a "multi-device" credential). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyList = z.object({ items: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;
