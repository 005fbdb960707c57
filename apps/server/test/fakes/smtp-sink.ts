import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One email as it arrived: envelope recipients, headers and both bodies. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The Message-ID header, as the sender set it. */
  messageId: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface SmtpSink {
  port: number;
  /** What SMTP_URL is set to for a server that sends here. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (arrived or arriving) that matches; rejects after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server, nodemailer's own) that keeps what it receives, for
 * tests: the app sends through its production mailer to `url`, and the test reads what
 * arrived. No authentication, no TLS: it listens on 127.0.0.1 only.
 */
export async function startSmtpSink({
  port = 0,
  closeTimeout,
}: {
  port?: number;
  /** How long `close` lets open connections finish (smtp-server's default: 30 s); a test that stops the server mid-run sets it short. */
  closeTimeout?: number;
} = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...(closeTimeout === undefined ? {} : { closeTimeout }),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            messageId: parsed.messageId ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching email within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    clear: () => {
      messages.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For end-to-end runs: the sink's inbox over HTTP, `GET /messages` (optionally
 * `?to=address`) as JSON, `DELETE /messages` to empty it.
 */
export function serveInbox(sink: SmtpSink, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    if (request.method === 'DELETE') {
      sink.clear();
      response.writeHead(204).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to
      ? sink.messages.filter((mail) => mail.to.some((address) => address.toLowerCase() === to))
      : sink.messages;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
