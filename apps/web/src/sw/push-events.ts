/// <reference lib="webworker" />
/**
 * The service worker's Web Push events (issue 34): a push shows its notification (the
 * server wrote title and body in the person's language, `PushMessage` in
 * packages/core/src/schemas/push.ts), and a click brings Brigade to the screen it links to.
 * No zod here: the worker stays small, and the message is checked by hand.
 */

declare const self: ServiceWorkerGlobalScope;

export {};

interface ShownPush {
  title: string;
  body: string;
  /** An app path such as /my-trainings. */
  link: string;
  /** The notification's id: a push delivered twice replaces the first instead of showing twice. */
  tag: string;
}

/** The app's own paths only: a message can never send a click to another site. */
function appPath(link: unknown): string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
}

/** The push's message, or a plain "Brigade" notice for one that cannot be read (the browser requires one shown). */
function messageOf(data: PushMessageData | null): ShownPush {
  try {
    const message = data?.json() as Partial<Record<keyof ShownPush, unknown>> | undefined;
    if (message && typeof message.title === 'string' && message.title) {
      return {
        title: message.title,
        body: typeof message.body === 'string' ? message.body : '',
        link: appPath(message.link),
        tag: typeof message.tag === 'string' ? message.tag : '',
      };
    }
  } catch {
    // Not JSON: the notice below.
  }
  return { title: 'Brigade', body: '', link: '/notifications', tag: '' };
}

self.addEventListener('push', (event) => {
  const message = messageOf(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      ...(message.tag ? { tag: message.tag } : {}),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: message.link },
    }),
  );
});

/** Focuses a Brigade window already showing `link`, else opens it (in the installed app, its window). */
async function openLink(link: string): Promise<void> {
  const url = new URL(link, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => client.url === url);
  if (showing) {
    await showing.focus();
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openLink(appPath((event.notification.data as { link?: unknown } | null)?.link)));
});
