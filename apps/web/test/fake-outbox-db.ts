/**
 * IndexedDB for component tests of the offline outbox (fake-indexeddb, in memory). Import it
 * before anything that opens the outbox's database.
 *
 * fake-indexeddb copies values with Node's structuredClone, which turns jsdom's Blobs (the
 * tests' photos) into empty objects; browsers store them. Blobs cannot change, so keeping
 * the same Blob is a faithful copy.
 */
import 'fake-indexeddb/auto';

const nodeClone = globalThis.structuredClone;

function cloneKeepingBlobs(value: unknown): unknown {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(cloneKeepingBlobs);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, cloneKeepingBlobs(entry)]));
  }
  return nodeClone(value);
}

globalThis.structuredClone = cloneKeepingBlobs as typeof structuredClone;
