/**
 * The external services for end-to-end runs: a fake monday.com board matching the demo
 * chain (http) and a fake Azure AD + Power BI REST API (https, with the test certificate
 * in ./tls that the server process is told to trust). Ports come from the environment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startFakeMonday } from './monday-server';
import { startFakeIdp } from './oidc-provider';
import { startFakePowerBi } from './powerbi-server';
import { serveInbox, startSmtpSink } from './smtp-sink';

const tlsDir = path.join(import.meta.dirname, 'tls');
const mondayPort = Number(process.env.FAKE_MONDAY_PORT ?? 4361);
const powerBiPort = Number(process.env.FAKE_POWERBI_PORT ?? 4362);
const smtpPort = Number(process.env.FAKE_SMTP_PORT ?? 4363);
const inboxPort = Number(process.env.FAKE_INBOX_PORT ?? 4364);

const monday = await startFakeMonday(
  [
    {
      id: '9001',
      name: 'Q4 operations visit',
      group: 'Brigade Amsterdam Centraal',
      date: '2026-11-02',
      person: 'Henk de Vries',
      status: 'Working on it',
      notes: [
        { id: '9101', name: 'Replace fryer oil filter', status: 'Done', category: 'Kitchen' },
        { id: '9102', name: 'New window stickers', status: 'Stuck', category: 'Marketing' },
        {
          id: '9103',
          name: 'Kassa receipt printer jams',
          status: 'Franchisee responsibility',
          category: 'Kassa System',
        },
      ],
    },
    {
      id: '9002',
      name: 'Opening checklist review',
      group: 'Brigade Amsterdam Centraal',
      date: '2026-09-14',
      person: 'Hannah Quist',
      status: 'Done',
      notes: [],
    },
    {
      id: '9003',
      name: 'Terrace permit check',
      group: 'Brigade Utrecht Neude',
      date: '2026-10-20',
      person: 'Henk de Vries',
      status: 'Stuck',
      notes: [{ id: '9301', name: 'Awning repair quote', status: null, category: 'Construction' }],
    },
  ],
  500,
  mondayPort,
);

const powerBi = await startFakePowerBi({
  tls: {
    key: fs.readFileSync(path.join(tlsDir, 'localhost-key.pem')),
    cert: fs.readFileSync(path.join(tlsDir, 'localhost-cert.pem')),
  },
  port: powerBiPort,
  tokenLifetimeMinutes: Number(process.env.FAKE_POWERBI_TOKEN_MINUTES ?? 60),
});

const smtp = await startSmtpSink({ port: smtpPort });
const inbox = await serveInbox(smtp, inboxPort);

// Single sign-on (issue 36): the demo's people at a fake OpenID Connect provider, plus one
// who has no Brigade account. Its client is the one fake-services.ts gives the demo server.
const oidcPort = process.env.FAKE_OIDC_PORT ? Number(process.env.FAKE_OIDC_PORT) : undefined;
const idp = oidcPort
  ? await startFakeIdp({
      port: oidcPort,
      clientId: process.env.FAKE_OIDC_CLIENT_ID,
      clientSecret: process.env.FAKE_OIDC_CLIENT_SECRET,
      redirectUris: [process.env.FAKE_OIDC_REDIRECT_URI ?? ''],
      accounts: ['hq', 'manager', 'staff', 'stranger'].map((name) => ({
        sub: `fake-${name}`,
        email: `${name}@example.com`,
        email_verified: true,
        name: name === 'stranger' ? 'Sam Stranger' : undefined,
      })),
    })
  : undefined;

console.log(
  `fake monday.com at ${monday.url}; fake Azure AD + Power BI at ${powerBi.authorityHost}; ` +
    `SMTP sink at ${smtp.url}, its inbox at http://127.0.0.1:${inboxPort}/messages`,
);
const stop = async () => {
  inbox.close();
  await Promise.all([monday.close(), powerBi.close(), smtp.close(), idp?.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
