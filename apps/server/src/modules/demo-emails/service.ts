import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DEMO_EMAILS_KEPT, type DemoEmail } from '@brigade/core/schemas/demo-emails';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailConfig } from '../../mail/mailer';

/**
 * The demo's mail capture (issue 35, decision 039): a real SMTP server on 127.0.0.1 that
 * keeps the last DEMO_EMAILS_KEPT emails in memory instead of delivering them, so a
 * newcomer follows a password reset without a mail server. The app sends to it through
 * its ordinary mailer and outbox; hq reads what arrived at `/demo-emails`. main.ts starts
 * it for `--demo` only, and only when SMTP_URL is not set.
 */
export interface DemoMailbox {
  /** The mailer's settings: `smtp://127.0.0.1:<port>`, From the demo's own address. */
  readonly mailConfig: MailConfig;
  /** The start-up line that replaces "Email goes out through …": where to read the emails. */
  readonly startLine: string;
  /** The caught emails, newest first. */
  list(): DemoEmail[];
  close(): Promise<void>;
}

/** Larger messages are refused: ours are a few kilobytes. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export async function startDemoMailCapture(publicUrl: string): Promise<DemoMailbox> {
  const caught: DemoEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    // The server's own shutdown waits for this: the mailer's pooled connections close first.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          caught.push({
            id: randomUUID(),
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          });
          if (caught.length > DEMO_EMAILS_KEPT) caught.shift();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    // Port 0: any free port; nobody but this process sends to it.
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    mailConfig: { smtpUrl: `smtp://127.0.0.1:${port}`, from: `Brigade demo <no-reply@${new URL(publicUrl).hostname}>` },
    startLine: `Email is caught, not sent (demo): sign in as hq@example.com and open ${new URL('/demo-emails', publicUrl).href} to read it.`,
    list: () => caught.toReversed(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
