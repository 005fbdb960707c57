import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { App } from '../http/app-instance';
import { createMetrics, type MetricSources, type Metrics } from './series';

/**
 * Where and how `/metrics` is served (METRICS_*, docs/decisions/036). Omitted: nowhere.
 * - `token` alone: on the app's port, to a scraper sending `Authorization: Bearer <token>`.
 * - `port`: on a listener of its own at `host` (127.0.0.1 unless set), not on the app's
 *   port; no token asked unless `token` is set too.
 */
export interface MetricsConfig {
  token?: string;
  port?: number;
  host: string;
}

export interface MetricsEndpoint {
  metrics: Metrics;
  /** Starts the listener of its own (METRICS_PORT): its address, or null when /metrics is on the app's port. */
  listen(): Promise<AddressInfo | null>;
}

export const METRICS_PATH = '/metrics';

const MetricsHeaders = z.looseObject({ authorization: z.string().max(4096).optional() });

const UNAUTHORIZED = 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.';

/** A request answered without a route (404, the web app's pages): one series, whatever the URL. */
export const UNROUTED = 'unrouted';

/**
 * The web app's files (web.ts registers a route per built file, some 120): one series
 * for all of them, so that each build's fingerprinted names never become series.
 */
export const WEB_FILES = 'web-files';

/** The label of a request's route: its pattern for the API, one name for everything else. */
function routeLabelOf(pattern: string | undefined): string {
  if (pattern === undefined) return UNROUTED;
  return pattern.startsWith('/api/') || pattern === METRICS_PATH ? pattern : WEB_FILES;
}

/**
 * The metrics of this app: every answered request observed by its route pattern, and
 * `/metrics` served as `config` says. Register it before the modules, so that its hook
 * is inherited by every route.
 */
export function registerMetrics(app: App, config: MetricsConfig, sources: MetricSources): MetricsEndpoint {
  const metrics = createMetrics(sources);
  const { registry } = metrics;

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      { method: request.method, route: routeLabelOf(request.routeOptions.url), status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (config.port === undefined) {
    const token = config.token;
    if (!token) throw new Error('Metrics on the app’s port need a token (METRICS_TOKEN)');
    app.get(METRICS_PATH, { schema: { hide: true, headers: MetricsHeaders } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: UNAUTHORIZED });
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  }

  let server: http.Server | undefined;
  app.addHook('onClose', async () => {
    metrics.close();
    if (!server?.listening) return;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });

  return {
    metrics,
    async listen() {
      if (config.port === undefined) return null;
      server ??= http.createServer((request, response) => {
        void answerScrape(request, response);
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(config.port, config.host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      return listening.address() as AddressInfo;
    },
  };

  /** The listener of its own: GET /metrics and nothing else. */
  async function answerScrape(request: http.IncomingMessage, response: http.ServerResponse) {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) return answer(response, 404, 'Not found: metrics are at /metrics.');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return answer(response, 405, 'Only GET and HEAD.');
    }
    if (config.token && !bearerMatches(request.headers.authorization, config.token)) {
      response.setHeader('www-authenticate', 'Bearer realm="metrics"');
      return answer(response, 401, UNAUTHORIZED);
    }
    try {
      const body = await registry.metrics();
      response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      sources.log.error({ err: error }, 'metrics could not be collected');
      answer(response, 500, 'The metrics could not be collected; the server log says why.');
    }
  }
}

function answer(response: http.ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(`${message}\n`);
}

/**
 * Whether `header` is `Bearer <token>`. Both sides are hashed first, so that the
 * comparison takes the same time whatever the length or the first wrong character.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const same = timingSafeEqual(digest(given ?? ''), digest(token));
  return given !== undefined && same;
}

/** The start line that says where the metrics are, or that they are off. */
export function metricsLine(config: MetricsConfig | undefined, publicUrl: string, address?: AddressInfo | null) {
  if (!config) return 'Metrics: off (set METRICS_TOKEN or METRICS_PORT to serve /metrics in Prometheus format)';
  const tokenNote = config.token ? ', bearer METRICS_TOKEN' : '';
  if (!address) return `Metrics at ${publicUrl}${METRICS_PATH} (bearer METRICS_TOKEN)`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `Metrics at http://${host}:${address.port}${METRICS_PATH} (a listener of its own${tokenNote})`;
}
