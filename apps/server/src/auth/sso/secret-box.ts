import crypto from 'node:crypto';

/**
 * Client secrets of identity providers at rest (docs/decisions/040): AES-256-GCM under a
 * key derived with HKDF from the auth secret, so a copy of the database alone does not
 * give them away. Changing BETTER_AUTH_SECRET makes stored secrets unreadable: hq enters
 * them again (the provider then answers "unavailable" until they do).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain secret, or null when it was sealed under another key or was altered. */
  open(sealed: string): string | null;
}

const VERSION = 'v1';

export function createSecretBox(authSecret: string): SecretBox {
  const key = Buffer.from(crypto.hkdfSync('sha256', authSecret, 'brigade', 'identity-provider client secret', 32));
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
