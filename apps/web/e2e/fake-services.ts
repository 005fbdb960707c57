import path from 'node:path';

/** The fakes of Power BI, Azure AD, monday.com and SMTP, and their certificate. */
export const FAKES_DIR = path.resolve(import.meta.dirname, '../../server/test/fakes');

/** The demo server's client at the fake OpenID Connect provider (single sign-on, issue 36). */
export const FAKE_OIDC_CLIENT = { clientId: 'brigade-e2e', clientSecret: 'brigade-e2e-client-secret' };

/** Where the fakes listen, beside a demo server on `demoPort`: http monday.com, https Azure AD + Power BI, SMTP and its inbox. */
export function fakeServicePorts(demoPort: number) {
  return {
    monday: demoPort + 10,
    powerBi: demoPort + 11,
    smtp: demoPort + 12,
    inbox: demoPort + 13,
    oidc: demoPort + 14,
  };
}

/**
 * The settings that point a demo server at the fakes: the production clients, reached
 * by configuration only. The fake Power BI speaks https with a test certificate the
 * server is told to trust.
 */
export function fakeServicesEnv(demoPort: number): Record<string, string> {
  const ports = fakeServicePorts(demoPort);
  return {
    NODE_EXTRA_CA_CERTS: path.join(FAKES_DIR, 'tls/localhost-cert.pem'),
    AZURE_TENANT_ID: 'tenant-1',
    AZURE_CLIENT_ID: 'client-1',
    AZURE_CLIENT_SECRET: 'secret-1',
    AZURE_AUTHORITY_HOST: `https://localhost:${ports.powerBi}`,
    POWERBI_API_URL: `https://localhost:${ports.powerBi}/v1.0/myorg`,
    POWERBI_WORKSPACE_ID: 'workspace-1',
    POWERBI_REPORT_HQ_SALES: 'report-hq-sales',
    POWERBI_REPORT_HQ_PRODUCT_MIX: 'report-hq-product-mix',
    POWERBI_REPORT_HQ_OPERATIONS: 'report-hq-operations',
    POWERBI_REPORT_23_24_25: 'report-23-24-25',
    POWERBI_DATASET_23_24_25: 'dataset-23-24-25',
    POWERBI_REPORT_SALES: 'report-sales',
    POWERBI_REPORT_PRODUCT_MIX: 'report-product-mix',
    POWERBI_REPORT_OPERATIONS: 'report-operations',
    BRAND_WORD: 'Brigade',
    MONDAY_API_TOKEN: 'test-monday-token',
    MONDAY_BOARD_ID: '4242',
    MONDAY_API_URL: `http://127.0.0.1:${ports.monday}/v2`,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: 'Brigade <no-reply@brigade.test>',
    // Single sign-on (issue 36): the fake OpenID Connect provider (oidc-provider, http on this machine).
    OIDC_ISSUER: `http://localhost:${ports.oidc}`,
    OIDC_CLIENT_ID: FAKE_OIDC_CLIENT.clientId,
    OIDC_CLIENT_SECRET: FAKE_OIDC_CLIENT.clientSecret,
    OIDC_ALLOWED_DOMAINS: 'example.com',
    OIDC_NAME: 'Microsoft',
  };
}
