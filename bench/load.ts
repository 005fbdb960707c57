/**
 * The load generator, in a process of its own so that it does not share the server's
 * event loop: `node --import tsx bench/load.ts '<json LoadOptions>'` prints one JSON
 * LoadResult. autocannon reports no p95, so every response time is kept and the
 * percentiles are read off the sorted list.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Bodies sent in turn instead of `body` (sign-in spreads over accounts, as real people do). */
  bodies?: string[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses outside 2xx, and connection errors or timeouts: both should be 0. */
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

let sent = 0;
function nextBody() {
  const bodies = options.bodies ?? [];
  sent += 1;
  return bodies[sent % bodies.length];
}

async function run(options: LoadOptions, seconds: number) {
  const latencies: number[] = [];
  // Without a callback autocannon returns its instance, which is also a promise of the result.
  const instance = autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.bodies ? [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }] : undefined,
    connections: options.connections,
    duration: seconds,
    timeout: 10,
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on('response', (_client, _status, _bytes, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return { result, latencies };
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
const { result, latencies } = await run(options, options.seconds);
const report: LoadResult = {
  requests: latencies.length,
  requestsPerSecond: latencies.length / options.seconds,
  p50: percentile(latencies, 50),
  p95: percentile(latencies, 95),
  p99: percentile(latencies, 99),
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
process.stdout.write(JSON.stringify(report));
