import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the passkey tests (issue 36): one ES256 credential, "none"
 * attestation, user present and verified, and a signature counter that goes up by one per
 * sign-in (or stays 0 with `counter: false`, as many platform authenticators do). It
 * answers the options our server gives the way a browser hands them to
 * @simplewebauthn/browser's callers.
 */
export function softwareAuthenticator({ counter: counts = true }: { counter?: boolean } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = isoBase64URL.fromBuffer(randomBytes(16));
  let counter = 0;
  let userHandle: string | undefined;

  const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId,
    /** The answer to `startRegistration({ optionsJSON })`. */
    register(
      options: { challenge: string; rp: { id?: string }; user: { id: string } },
      origin: string,
      overrides: { challenge?: string; origin?: string } = {},
    ): RegistrationResponseJSON {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      userHandle = options.user.id;
      const idBytes = isoBase64URL.toBuffer(credentialId);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
        counterBytes(counter),
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([idBytes.length >> 8, idBytes.length & 0xff]),
        idBytes,
        Buffer.from(isoCBOR.encode(coseKeyOf(publicKey))),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      const clientDataJSON = clientData(
        'webauthn.create',
        overrides.challenge ?? options.challenge,
        overrides.origin ?? origin,
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ['internal'],
        },
      };
    },
    /** The answer to `startAuthentication({ optionsJSON })`. */
    authenticate(
      options: { challenge: string; rpId?: string },
      origin: string,
      overrides: { challenge?: string; origin?: string; counter?: number } = {},
    ): AuthenticationResponseJSON {
      const rpId = options.rpId ?? new URL(origin).hostname;
      if (counts) counter += 1;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x01 | 0x04]),
        counterBytes(overrides.counter ?? counter),
      ]);
      const clientDataJSON = clientData(
        'webauthn.get',
        overrides.challenge ?? options.challenge,
        overrides.origin ?? origin,
      );
      const signature = sign(privateKey, Buffer.concat([authData, sha256(clientDataJSON)]));
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
          authenticatorData: isoBase64URL.fromBuffer(authData),
          signature: isoBase64URL.fromBuffer(signature),
          ...(userHandle ? { userHandle } : {}),
        },
      };
    },
  };
}

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The credential's public key as COSE (EC2, ES256, P-256). */
function coseKeyOf(publicKey: KeyObject) {
  const jwk = publicKey.export({ format: 'jwk' });
  return new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
  ]) as never;
}

function sign(privateKey: KeyObject, data: Buffer) {
  const signer = createSign('sha256');
  signer.update(data);
  return signer.sign(privateKey);
}
