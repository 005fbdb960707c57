import { ConfidentialClientApplication, type INetworkModule } from '@azure/msal-node';
import type { EmbedToken, ReportKey } from '@brigade/core/schemas/reports';

export interface PowerBiConfig {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** https://login.microsoftonline.com unless pointed elsewhere (sovereign clouds, tests). */
  authorityHost: string;
  /** https://api.powerbi.com/v1.0/myorg by default. */
  apiUrl: string;
  workspaceId: string;
  reports: Partial<Record<ReportKey, { reportId: string; datasetId?: string }>>;
}

/** The row-level-security identity of an embed token; null for a report without RLS. */
export interface EmbedIdentity {
  username: string;
  roles: string[];
}

/**
 * A Power BI failure. `configuration`: the server's own settings are at fault (a report
 * without an id, a service principal Azure AD refuses), which only head office can fix;
 * `service`: Power BI itself answered with an error.
 */
export class PowerBiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fault: 'configuration' | 'service' = 'service',
  ) {
    super(message);
  }
}

const SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** Embed tokens are reused until this long before they expire. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/**
 * "App owns data" embedding: an Azure AD token for the service principal (msal caches
 * it), the report's embed URL from the Power BI REST API, and an embed token from
 * GenerateToken with the identity the server decided. Embed tokens are cached per
 * (report, identity) until shortly before they expire.
 */
export class PowerBiClient {
  private readonly msal: ConfidentialClientApplication;
  private readonly tokens = new Map<string, EmbedToken>();

  constructor(
    private readonly config: PowerBiConfig,
    options: { networkClient?: INetworkModule; fetchImpl?: typeof fetch } = {},
  ) {
    const authority = `${config.authorityHost.replace(/\/$/, '')}/${config.tenantId}`;
    this.msal = new ConfidentialClientApplication({
      auth: {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        authority,
        knownAuthorities: [new URL(config.authorityHost).host],
      },
      system: options.networkClient ? { networkClient: options.networkClient } : {},
    });
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  private readonly fetchImpl: typeof fetch;

  async embedToken(key: ReportKey, identity: EmbedIdentity | null): Promise<EmbedToken> {
    const report = this.config.reports[key];
    if (!report) throw new PowerBiError(`Power BI report "${key}" is not configured`, 503, 'configuration');
    const cacheKey = `${key}|${identity ? `${identity.username}|${identity.roles.join(',')}` : 'no-rls'}`;
    const cached = this.tokens.get(cacheKey);
    if (cached && Date.parse(cached.expiration) - REFRESH_MARGIN_MS > Date.now()) return cached;

    const details = await this.call<{ id: string; embedUrl: string; datasetId: string }>(
      'GET',
      `/groups/${this.config.workspaceId}/reports/${report.reportId}`,
    );
    const datasetId = report.datasetId ?? details.datasetId;
    const generated = await this.call<{ token: string; expiration: string }>('POST', '/GenerateToken', {
      datasets: [{ id: datasetId }],
      reports: [{ id: report.reportId }],
      ...(identity
        ? { identities: [{ username: identity.username, roles: identity.roles, datasets: [datasetId] }] }
        : {}),
      lifetimeInMinutes: 60,
    });
    const token: EmbedToken = {
      type: 'report',
      id: report.reportId,
      embedUrl: details.embedUrl,
      accessToken: generated.token,
      expiration: generated.expiration,
    };
    this.tokens.set(cacheKey, token);
    return token;
  }

  private async aadToken(skipCache: boolean): Promise<string> {
    try {
      const result = await this.msal.acquireTokenByClientCredential({ scopes: [SCOPE], skipCache });
      if (!result?.accessToken) throw new Error('no access token');
      return result.accessToken;
    } catch (error) {
      throw new PowerBiError(
        `Azure AD refused the service principal: ${(error as Error).message}`,
        502,
        'configuration',
      );
    }
  }

  /** One REST call; after a 401 the AAD token is fetched anew once. */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, retried = false): Promise<T> {
    const token = await this.aadToken(retried);
    const response = await this.fetchImpl(`${this.config.apiUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 401 && !retried) return this.call(method, path, body, true);
    const payload = (await response.json().catch(() => ({}))) as T & { error?: { code?: string; message?: string } };
    if (!response.ok) {
      const reason = payload.error?.message ?? payload.error?.code ?? response.statusText;
      throw new PowerBiError(`Power BI: ${reason}`, 502);
    }
    return payload;
  }
}
