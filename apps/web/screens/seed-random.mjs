/**
 * Preloaded into the screenshot run's server (`node --import`): with SCREENS_SEED set,
 * the random bytes PGlite asks Node for (gen_random_uuid(), so every row's id) and
 * crypto.randomUUID() (users' ids) come from a seeded stream. The demo chain then gets
 * the same ids in every run, and what the demo picks or sorts by id (which corrective
 * actions are resolved; notifications made in one statement) is the same too. For
 * screenshots of a local demo only: nothing made this way is secret.
 */
import crypto from 'node:crypto';

const seed = process.env.SCREENS_SEED;
if (seed) {
  let counter = 0;
  let pool = Buffer.alloc(0);
  const bytes = (length) => {
    const out = Buffer.alloc(length);
    for (let filled = 0; filled < length; ) {
      if (!pool.length) pool = crypto.createHash('sha256').update(`${seed}:${counter++}`).digest();
      const take = Math.min(pool.length, length - filled);
      pool.copy(out, filled, 0, take);
      pool = pool.subarray(take);
      filled += take;
    }
    return out;
  };
  const randomFillSync = (target, offset = 0, size) => {
    const view = ArrayBuffer.isView(target)
      ? new Uint8Array(target.buffer, target.byteOffset, target.byteLength)
      : new Uint8Array(target);
    const end = size === undefined ? view.length : offset + size;
    view.set(bytes(end - offset), offset);
    return target;
  };
  const randomUUID = () => {
    const b = bytes(16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const hex = b.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  crypto.randomFillSync = randomFillSync;
  crypto.randomUUID = randomUUID;
  Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID, configurable: true, writable: true });
}
