import { describe, expect, test } from 'vitest';
import { PasskeySignIn } from './passkeys';

/** A base64url value of `bytes` bytes. */
const base64urlOf = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64url');

const signInWith = (signatureBytes: number) =>
  PasskeySignIn.safeParse({
    response: {
      id: 'credential-1',
      rawId: 'credential-1',
      type: 'public-key',
      response: {
        clientDataJSON: base64urlOf(120),
        authenticatorData: base64urlOf(37),
        signature: base64urlOf(signatureBytes),
      },
    },
  });

describe('a passkey sign-in answer (issue 36)', () => {
  // Node 24 lets SimpleWebAuthn offer ML-DSA first, and Chromium's authenticator takes it.
  test.each([
    ['ES256', 72],
    ['RS256', 256],
    ['ML-DSA-44', 2420],
    ['ML-DSA-87', 4627],
  ])('takes a %s signature (%i bytes)', (_, bytes) => {
    expect(signInWith(bytes).success).toBe(true);
  });

  test('refuses a signature beyond any algorithm’s', () => {
    expect(signInWith(7000).error?.issues[0]?.message).toBe('signature is too long');
  });
});
