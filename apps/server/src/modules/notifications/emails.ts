import { DEFAULT_LANGUAGE, type Language } from '@brigade/core/languages';
import { type NotificationKind, notificationKinds } from '@brigade/core/notification-kinds';
import { sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Queryable } from '../../db/database';
import { coreText } from '../../http/request-language';
import { notificationIn, serverTexts } from '../../i18n/server-texts';
import type { Mail, Mailer } from '../../mail/mailer';
import { type EmailRun, type EmailSource, messageIdOf, sendDueEmails } from '../../mail/outbox';
import { passwordResetEmails } from '../../mail/password-reset-email';

interface NotificationEmailRow {
  kind: string;
  title: string;
  body: string;
  params: unknown;
  link: string;
  email: string;
  name: string;
  language: Language | null;
  is_active: boolean;
}

/**
 * One notification as an email, in the person's language (issue 22: their choice, else
 * the one their browser showed at their last sign-in, else English): its title is the subject; the text and
 * the HTML say the same (the body line by line) with a link to the screen, and where the
 * person turns these emails off (Profile).
 */
export function renderNotificationEmail(
  notification: { kind: string; title: string; body: string; params?: unknown; link: string },
  to: { email: string; name: string; language?: Language | null },
  publicUrl: string,
): Mail {
  const language = to.language ?? DEFAULT_LANGUAGE;
  const words = serverTexts(language).email;
  const { title, body } = notificationIn(language, { params: null, ...notification });
  const url = `${publicUrl}${notification.link}`;
  const profileUrl = `${publicUrl}/profile`;
  const kind = notificationKinds[notification.kind as NotificationKind];
  const lines = body.split('\n');
  const why = kind ? words.whyKind(coreText(language, kind.label)) : words.whyBrigade;
  const text = [
    words.hello(to.name),
    '',
    title,
    ...(body ? ['', ...lines] : []),
    '',
    `${words.openInBrigade}: ${url}`,
    '',
    '--',
    `${why} ${words.chooseInAppOnly}: ${profileUrl}`,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(words.hello(to.name))}</p>`,
    `<p><strong>${escapeHtml(title)}</strong></p>`,
    body ? `<p>${lines.map(escapeHtml).join('<br>')}</p>` : '',
    `<p><a href="${escapeHtml(url)}">${escapeHtml(words.openInBrigade)}</a></p>`,
    `<hr><p style="color: #666; font-size: 12px">${escapeHtml(why)} `,
    `<a href="${escapeHtml(profileUrl)}">${escapeHtml(words.chooseInAppOnly)}</a>.</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: title, text, html };
}

/**
 * Notification emails in the outbox (mail/outbox.ts): written when sent, in the person's
 * language then; the email of someone deactivated since is dropped back to in-app only
 * ('none').
 */
export const notificationEmails: EmailSource = {
  table: 'notifications',
  async load(db, id, publicUrl) {
    const result = (await db.execute(sql`
      select n.kind, n.title, n.body, n.params, n.link, u.email, u.name, u.is_active,
        coalesce(u.language, u.browser_language) as language
      from notifications n join users u on u.id = n.user_id
      where n.id = ${id}`)) as unknown as { rows: NotificationEmailRow[] };
    const row = result.rows[0];
    if (!row?.is_active) return { drop: 'none' };
    return { ...renderNotificationEmail(row, row, publicUrl), messageId: messageIdOf('notification', id, publicUrl) };
  },
};

/**
 * The email job's run (decision 022): everything due in the one outbox, reset links
 * first, then notification emails, each claimed alone (mail/outbox.ts).
 */
export function sendPendingEmails(db: Queryable, mailer: Mailer, publicUrl: string): Promise<EmailRun> {
  return sendDueEmails(db, mailer, publicUrl, [passwordResetEmails, notificationEmails]);
}
