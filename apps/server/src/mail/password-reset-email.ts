import { PASSWORD_RESET_LINK_MINUTES } from '@brigade/core/schemas/passwords';
import type { Mail } from './mailer';

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

/** The email with a reset link, in plain text and HTML. */
export function passwordResetEmail({ to, name, link }: { to: string; name: string; link: string }): Mail {
  const lines = [
    `Hello ${name},`,
    '',
    'Someone (we hope you) asked to reset your Brigade password. Choose a new one here:',
    link,
    '',
    `The link works once, within ${PASSWORD_RESET_LINK_MINUTES} minutes. If you did not ask, ignore this email: your password stays as it is.`,
  ];
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello ${escapeHtml(name)},</p>
<p>Someone (we hope you) asked to reset your Brigade password.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once, within ${PASSWORD_RESET_LINK_MINUTES} minutes. If you did not ask, ignore this email: your password stays as it is.</p>
</body></html>`;
  return { to, subject: 'Reset your Brigade password', text: lines.join('\n'), html };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
