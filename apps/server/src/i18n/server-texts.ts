import { DEFAULT_LANGUAGE, type Language } from '@brigade/core/languages';
import type { NotificationTexts } from '@brigade/core/notification-texts';
import { en } from './en';
import { fr } from './fr';
import { nl } from './nl';
import type { ServerTexts } from './server-catalogue';

const texts: Record<Language, ServerTexts> = { en, nl, fr };

/** The server's texts in `language` (a person's choice, or a request's); English when there is none. */
export function serverTexts(language: Language | null | undefined): ServerTexts {
  return texts[language ?? DEFAULT_LANGUAGE];
}

/** A notification's title and body in `language`: written again from its params, or as it was made without them. */
export function notificationIn(
  language: Language | null | undefined,
  notification: { kind: string; title: string; body: string; params: unknown },
): { title: string; body: string } {
  const write = serverTexts(language).notifications[notification.kind as keyof NotificationTexts] as
    | ((...params: unknown[]) => { title: string; body: string })
    | undefined;
  if (!write || !Array.isArray(notification.params)) return { title: notification.title, body: notification.body };
  return write(...notification.params);
}
