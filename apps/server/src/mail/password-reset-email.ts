import type { Language } from '@brigade/core/languages';
import { PASSWORD_RESET_LINK_MINUTES } from '@brigade/core/schemas/passwords';
import escapeHtml from 'escape-html';
import { serverTexts } from '../i18n/server-texts';
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

/** The email with a reset link, in plain text and HTML, in the person's language. */
export function passwordResetEmail(
  { to, name, link }: { to: string; name: string; link: string },
  language: Language = 'en',
): Mail {
  const words = serverTexts(language).email;
  const validity = words.resetValidity(PASSWORD_RESET_LINK_MINUTES);
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
