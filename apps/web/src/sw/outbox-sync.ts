// The service worker's Background Sync of the offline outbox (issue 34): owned by the outbox work; sw.ts imports it.
export {};
