import { isLanguage, type Language } from '@brigade/core/languages';
import { PASSWORD_RESET_LINK_MINUTES } from '@brigade/core/schemas/passwords';
import { sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Queryable } from '../db/database';
import { emailOutbox } from '../db/schema/email-outbox';
import { serverTexts } from '../i18n/server-texts';
import type { Mail } from './mailer';
import { type EmailSource, messageIdOf } from './outbox';

/** The page of the web app that takes a reset link's token (apps/web, signed out). */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * The reset link: PUBLIC_URL, never the address a request came in on, so a forged Host
 * header cannot send someone's token to another site.
 */
export function passwordResetLink(publicUrl: string, token: string): string {
  const url = new URL(RESET_PASSWORD_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * The email with a reset link, in plain text and HTML, in the person's language; it says
 * how many minutes the link has left (fewer than PASSWORD_RESET_LINK_MINUTES when the
 * mail server took it only at a later try).
 */
export function passwordResetEmail(
  { to, name, link }: { to: string; name: string; link: string },
  language: Language = 'en',
  minutesLeft = PASSWORD_RESET_LINK_MINUTES,
): Mail {
  const words = serverTexts(language).email;
  const validity = words.resetValidity(minutesLeft);
  const lines = [words.hello(name), '', `${words.resetAsked} ${words.resetChooseHere}`, link, '', validity];
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(words.hello(name))}</p>
<p>${escapeHtml(words.resetAsked)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(words.resetLinkText)}</a></p>
<p>${escapeHtml(validity)}</p>
</body></html>`;
  return { to, subject: words.resetSubject, text: lines.join('\n'), html };
}

/** A link with less time left than this is not sent: it would expire before it could be used. */
export const RESET_LINK_MIN_MINUTES_LEFT = 5;

/**
 * Queues the email with a reset link in the outbox; the caller tries it at once with
 * `sendQueuedEmail`, and the email job retries it while the link is valid.
 */
export async function queuePasswordResetEmail(
  db: Queryable,
  { userId, token, language }: { userId: string; token: string; language: Language },
): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ userId, kind: 'passwordReset', token, language })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('The reset email was not queued');
  return row.id;
}

/**
 * Reset links in the outbox. One goes out only while its link still works for at least
 * RESET_LINK_MIN_MINUTES_LEFT (not used, not replaced by a later one, not expired: else
 * 'expired') and its account is active (else 'dropped'). Settled, its token is cleared:
 * the outbox keeps no usable link.
 */
export const passwordResetEmails: EmailSource = {
  table: 'email_outbox',
  settled: sql`token = null`,
  async load(db, id, publicUrl) {
    const result = (await db.execute(sql`
      select o.token, o.language, u.email, u.name, u.is_active,
        extract(epoch from v.expires_at - now()) / 60 as minutes_left
      from email_outbox o
      join users u on u.id = o.user_id
      left join verifications v on v.identifier = 'reset-password:' || o.token and v.value = o.user_id
      where o.id = ${id}`)) as unknown as {
      rows: {
        token: string | null;
        language: string | null;
        email: string;
        name: string;
        is_active: boolean;
        minutes_left: number | string | null;
      }[];
    };
    const row = result.rows[0];
    if (!row?.is_active) return { drop: 'dropped' };
    const minutesLeft = row.minutes_left === null ? 0 : Number(row.minutes_left);
    if (!row.token || minutesLeft < RESET_LINK_MIN_MINUTES_LEFT) return { drop: 'expired' };
    const language = isLanguage(row.language) ? row.language : 'en';
    const link = passwordResetLink(publicUrl, row.token);
    return {
      ...passwordResetEmail({ to: row.email, name: row.name, link }, language, Math.round(minutesLeft)),
      messageId: messageIdOf('password-reset', id, publicUrl),
    };
  },
};
