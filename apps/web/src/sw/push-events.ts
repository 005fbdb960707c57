// The service worker's Web Push events (issue 34): owned by the push work; sw.ts imports it.
export {};
