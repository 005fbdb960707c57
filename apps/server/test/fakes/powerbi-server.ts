import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { INetworkModule } from '@azure/msal-node';

export const FAKE_AUTHORITY_HOST = 'https://login.fake-azure.test';
export const TENANT = 'tenant-1';
export const CLIENT_ID = 'client-1';
export const CLIENT_SECRET = 'secret-1';
export const WORKSPACE = 'workspace-1';

/**
 * A local stand-in for Azure AD (client-credentials token endpoint and OpenID metadata)
 * and the Power BI REST API (report details and GenerateToken). It checks what Brigade
 * sends and answers with the real shapes; `failNext` makes GenerateToken answer with
 * Power BI's error shape.
 */
export async function startFakePowerBi(
  options: { tokenLifetimeMinutes?: number; tls?: { key: Buffer; cert: Buffer }; port?: number } = {},
) {
  const generateTokenBodies: Record<string, unknown>[] = [];
  const aadRequests: URLSearchParams[] = [];
  let failNext: string | null = null;
  let issued = 0;

  // Over TLS (end-to-end runs, where the server process trusts our test certificate) the
  // fake is its own authority host; in-process API tests reach it through `networkClient`.
  let authorityHost = FAKE_AUTHORITY_HOST;
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      // Test controls (end-to-end runs drive the fake from outside).
      if (url.pathname === '/__control/fail-next' && request.method === 'POST') {
        failNext = JSON.parse(raw || '{}').message ?? 'Simulated Power BI failure';
        return reply(200, { ok: true });
      }
      if (url.pathname === '/__control/requests') {
        return reply(200, { generateTokenBodies, aadRequests: aadRequests.length });
      }
      // Azure AD
      if (url.pathname === `/${TENANT}/v2.0/.well-known/openid-configuration`) {
        return reply(200, {
          token_endpoint: `${authorityHost}/${TENANT}/oauth2/v2.0/token`,
          authorization_endpoint: `${authorityHost}/${TENANT}/oauth2/v2.0/authorize`,
          end_session_endpoint: `${authorityHost}/${TENANT}/oauth2/v2.0/logout`,
          issuer: `${authorityHost}/${TENANT}/v2.0`,
          jwks_uri: `${authorityHost}/${TENANT}/discovery/v2.0/keys`,
        });
      }
      if (url.pathname === `/${TENANT}/oauth2/v2.0/token`) {
        const form = new URLSearchParams(raw);
        aadRequests.push(form);
        if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
          return reply(401, {
            error: 'invalid_client',
            error_description: 'AADSTS7000215: Invalid client secret provided.',
          });
        }
        return reply(200, { token_type: 'Bearer', expires_in: 3600, access_token: `aad-token-${aadRequests.length}` });
      }
      // Power BI REST
      if (!request.headers.authorization?.startsWith('Bearer aad-token-')) {
        return reply(401, { error: { code: 'TokenExpired', message: 'Access token has expired' } });
      }
      const reportMatch = url.pathname.match(/^\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)$/);
      if (request.method === 'GET' && reportMatch) {
        const [, group, reportId] = reportMatch;
        return reply(200, {
          id: reportId,
          name: `Report ${reportId}`,
          datasetId: `dataset-of-${reportId}`,
          webUrl: `https://app.powerbi.com/groups/${group}/reports/${reportId}`,
          embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${reportId}&groupId=${group}`,
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1.0/myorg/GenerateToken') {
        generateTokenBodies.push(JSON.parse(raw));
        if (failNext) {
          const message = failNext;
          failNext = null;
          return reply(400, { error: { code: 'InvalidRequest', message } });
        }
        issued += 1;
        const minutes = options.tokenLifetimeMinutes ?? 60;
        return reply(200, {
          token: `embed-token-${issued}`,
          tokenId: `token-id-${issued}`,
          expiration: new Date(Date.now() + minutes * 60_000).toISOString(),
        });
      }
      reply(404, { error: { code: 'NotFound', message: `No route ${request.method} ${url.pathname}` } });
    });
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `${options.tls ? 'https://localhost' : 'http://127.0.0.1'}:${port}`;
  if (options.tls) authorityHost = base;

  /**
   * msal-node only accepts https authorities; in tests its requests to the fake https
   * host are carried to the local http server instead. Power BI REST calls need no such
   * help: their base URL is simply configured.
   */
  const networkClient: INetworkModule = {
    async sendGetRequestAsync(url, options) {
      const response = await fetch(url.replace(FAKE_AUTHORITY_HOST, base), { headers: options?.headers });
      return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.json() };
    },
    async sendPostRequestAsync(url, options) {
      const response = await fetch(url.replace(FAKE_AUTHORITY_HOST, base), {
        method: 'POST',
        headers: options?.headers,
        body: options?.body,
      });
      return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.json() };
    },
  };

  return {
    apiUrl: `${base}/v1.0/myorg`,
    authorityHost,
    networkClient,
    generateTokenBodies,
    aadRequests,
    failNextGenerateToken(message: string) {
      failNext = message;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every report key, each with a made-up id (23-24-25 with its dataset, for no-RLS tokens). */
export const FAKE_REPORTS = {
  'hq-sales': { reportId: 'r-hq-sales' },
  'hq-product-mix': { reportId: 'r-hq-mix' },
  'hq-operations': { reportId: 'r-hq-ops' },
  '23-24-25': { reportId: 'r-232425', datasetId: 'd-232425' },
  sales: { reportId: 'r-sales' },
  'product-mix': { reportId: 'r-mix' },
  operations: { reportId: 'r-ops' },
};

/** The app's Power BI options pointed at a running fake (API tests, in-process). */
export function fakePowerBiOptions(
  fake: Awaited<ReturnType<typeof startFakePowerBi>>,
  reports: Partial<typeof FAKE_REPORTS> = FAKE_REPORTS,
) {
  return {
    config: {
      tenantId: TENANT,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authorityHost: FAKE_AUTHORITY_HOST,
      apiUrl: fake.apiUrl,
      workspaceId: WORKSPACE,
      reports,
    },
    missing: [],
    networkClient: fake.networkClient,
  };
}
