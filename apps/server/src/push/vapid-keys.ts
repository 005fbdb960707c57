import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';

export interface VapidKeys {
  /** The P-256 public key, base64url: the `applicationServerKey` browsers subscribe with. */
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys that sign every push (issue 34): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY
 * when set, otherwise a pair generated on first start and kept in DATA_DIR, as the auth
 * secret is (auth/secret.ts). A browser's subscription is bound to the public key it was
 * made with, so servers behind one address must share the pair: set it by env there.
 */
export function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
    throw new Error(`${file} does not hold a VAPID key pair; delete it to have a new pair generated`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  // 'wx': a second server starting on the same DATA_DIR at this moment keeps the first's pair.
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return resolveVapidKeys(undefined, dataDir);
  }
  return keys;
}
