import nodemailer from 'nodemailer';

/** One email: always both a plain-text and an HTML body (issue 20). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same on every try of one outbox row (`<kind-id@host>`), so a mail client folds a duplicate. */
  messageId?: string;
}

export interface MailConfig {
  /** smtp:// or smtps://, with user and password in the URL when the server wants them. */
  smtpUrl: string;
  /** The From header, such as "Brigade <no-reply@brigade.example.com>". */
  from: string;
}

/**
 * Email through SMTP with nodemailer (decision 022). Without SMTP_URL the mailer is
 * off: `configured` is false and nothing calls `send` (notifications stay in-app, and a
 * forgotten password is hq's to reset). One pooled transport per server.
 */
export interface Mailer {
  readonly configured: boolean;
  /** Resolves once the SMTP server has accepted the message; rejects when it has not. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(config: MailConfig | undefined): Mailer {
  if (!config) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('Email is not configured (SMTP_URL is not set)')),
      close: () => {},
    };
  }
  // Pooled: a few connections reused across messages, so a digest run does not open one per email.
  // Timeouts well under the outbox's claim timeout (5 minutes, outbox.ts): a send still
  // running is never taken over by another worker (nodemailer's default allows 10 minutes
  // of silence).
  const transport = nodemailer.createTransport(
    { url: config.smtpUrl, pool: true, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 },
    { from: config.from },
  );
  return {
    configured: true,
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** The start-up line that says plainly whether email is on. */
export function mailLine(config: MailConfig | undefined): string {
  if (!config) {
    return 'Email is off (SMTP_URL is not set): notifications are in-app only, and hq resets forgotten passwords with a temporary password.';
  }
  const url = new URL(config.smtpUrl);
  return `Email goes out through ${url.protocol}//${url.host} as ${config.from}.`;
}
