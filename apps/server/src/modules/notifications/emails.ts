import { DEFAULT_LANGUAGE, type Language } from '@brigade/core/languages';
import { type NotificationKind, notificationKinds } from '@brigade/core/notification-kinds';
import { sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Queryable } from '../../db/client';
import { coreText } from '../../http/request-language';
import { notificationIn, serverTexts } from '../../i18n/server-texts';
import type { Mail, Mailer } from '../../mail/mailer';

/** Tries before an email is given up as 'failed'. */
export const EMAIL_MAX_ATTEMPTS = 5;
/** A claim older than this is taken over: the worker that made it stopped mid-send. */
export const EMAIL_CLAIM_TIMEOUT_MINUTES = 10;
/** Emails claimed per statement; a run claims batches until none is left. */
const EMAIL_BATCH = 50;

interface ClaimedEmail {
  id: string;
  kind: string;
  title: string;
  body: string;
  params: unknown;
  link: string;
  email: string;
  name: string;
  language: Language | null;
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

export interface EmailRun {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time ('failed'). */
  failed: number;
}

/**
 * The email sender (decision 022): claims pending emails in batches with FOR UPDATE
 * SKIP LOCKED (pending → sending, email_claimed_at), so two servers' workers never take
 * the same one; a 'sending' claim older than EMAIL_CLAIM_TIMEOUT_MINUTES (a worker that
 * died mid-send) is taken over. Each claimed email goes to the mailer; accepted ones
 * become 'sent' (emailed_at), refused ones go back to 'pending' with one more attempt,
 * retried after as many minutes as attempts made, or 'failed' at EMAIL_MAX_ATTEMPTS.
 * Emails of people no longer active are dropped (back to in-app only).
 */
export async function sendPendingEmails(db: Queryable, mailer: Mailer, publicUrl: string): Promise<EmailRun> {
  const run: EmailRun = { sent: 0, retrying: 0, failed: 0 };
  if (!mailer.configured) return run;
  await db.execute(sql`
    update notifications set email_state = 'none', email_claimed_at = null
    where email_state in ('pending', 'sending')
      and user_id in (select id from users where not is_active)`);
  for (;;) {
    const claimed = await claimBatch(db);
    if (claimed.length === 0) break;
    const outcomes = await Promise.allSettled(
      claimed.map((row) => mailer.send(renderNotificationEmail(row, row, publicUrl))),
    );
    const sentIds = claimed.filter((_, index) => outcomes[index]?.status === 'fulfilled').map((row) => row.id);
    const failedIds = claimed.filter((_, index) => outcomes[index]?.status === 'rejected').map((row) => row.id);
    if (sentIds.length) {
      await db.execute(sql`
        update notifications set email_state = 'sent', emailed_at = now()
        where id in ${sentIds} and email_state = 'sending'`);
      run.sent += sentIds.length;
    }
    if (failedIds.length) {
      const result = (await db.execute(sql`
        update notifications
        set email_attempts = email_attempts + 1,
            email_state = case when email_attempts + 1 >= ${EMAIL_MAX_ATTEMPTS} then 'failed' else 'pending' end
        where id in ${failedIds} and email_state = 'sending'
        returning email_state`)) as unknown as { rows: { email_state: string }[] };
      for (const row of result.rows) {
        if (row.email_state === 'failed') run.failed += 1;
        else run.retrying += 1;
      }
    }
    if (claimed.length < EMAIL_BATCH) break;
  }
  return run;
}

/**
 * Up to EMAIL_BATCH emails, oldest first, taken for this worker in one statement: rows
 * another worker holds are skipped, not waited for. An email that failed waits as many
 * minutes as it has attempts before it is tried again (so one run never retries at once).
 */
async function claimBatch(db: Queryable): Promise<ClaimedEmail[]> {
  const result = (await db.execute(sql`
    with claimable as (
      select n.id from notifications n
      where n.email_state in ('pending', 'sending')
        and (
          (n.email_state = 'pending'
            and (n.email_attempts = 0 or n.email_claimed_at < now() - make_interval(mins => n.email_attempts)))
          or (n.email_state = 'sending'
            and n.email_claimed_at < now() - make_interval(mins => ${EMAIL_CLAIM_TIMEOUT_MINUTES})))
      order by n.created_at
      limit ${EMAIL_BATCH}
      for update skip locked
    )
    update notifications n set email_state = 'sending', email_claimed_at = now()
    from claimable, users u
    where n.id = claimable.id and u.id = n.user_id and u.is_active
    returning n.id, n.kind, n.title, n.body, n.params, n.link, u.email, u.name,
      coalesce(u.language, u.browser_language) as language`)) as unknown as {
    rows: ClaimedEmail[];
  };
  return result.rows;
}
