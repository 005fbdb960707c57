import { ErrorReply } from '@brigade/core/schemas/common';
import { DemoEmailList, DemoEmailStatus } from '@brigade/core/schemas/demo-emails';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import type { DemoMailbox } from './service';

const errors = { 401: ErrorReply, 403: ErrorReply };
const tags = ['demo-emails'];

/**
 * The demo's caught emails (issue 35), for hq. The status route is always there, so hq's
 * navigation knows whether to offer the page; the list exists only when the capture runs
 * (`npm run demo` without SMTP_URL), a 404 everywhere else.
 */
export async function demoEmailRoutes(
  app: App,
  { guard, demoMailbox }: Pick<AppContext, 'guard'> & { demoMailbox: DemoMailbox | null },
) {
  app.get(
    '/api/demo-emails/status',
    {
      schema: {
        tags,
        summary: 'Whether this server catches its emails for the demo page (npm run demo without SMTP_URL)',
        response: { 200: DemoEmailStatus, ...errors },
      },
      onRequest: guard('demoEmails.read'),
    },
    async () => ({ on: demoMailbox !== null }),
  );

  if (!demoMailbox) return;

  app.get(
    '/api/demo-emails',
    {
      schema: {
        tags,
        summary: 'The emails the demo caught instead of sending, newest first (the last 100)',
        response: { 200: DemoEmailList, ...errors },
      },
      onRequest: guard('demoEmails.read'),
    },
    async () => ({ emails: demoMailbox.list() }),
  );
}
