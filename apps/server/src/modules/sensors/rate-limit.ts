/**
 * Requests per device, per server, as a token bucket: a device sends a batch a minute and
 * a gateway emptying a buffer a burst of a few hundred; a runaway loop (more than 10 a
 * second, sustained) is refused (429) before it costs a write. In memory: cheap, and a
 * device talks to one server at a time behind a proxy.
 */
export function createDeviceRateLimit({ perSecond = 10, burst = 600 } = {}) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  /** Seconds to wait, or 0 when the request may go ahead. */
  return function take(deviceId: string, now = Date.now()): number {
    // Many devices' buckets are full again after `burst / perSecond` seconds: forget them all at once.
    if (buckets.size > 50_000) buckets.clear();
    const bucket = buckets.get(deviceId) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    buckets.set(deviceId, bucket);
    if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) / perSecond);
    bucket.tokens -= 1;
    return 0;
  };
}
