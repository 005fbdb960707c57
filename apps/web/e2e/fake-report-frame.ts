import { expect, type Frame, type Page } from '@playwright/test';

/**
 * A stand-in for the Power BI report frame. The browser SDK only embeds https URLs on
 * Power BI's hosts, so tests intercept `https://app.powerbi.com/**` and answer with this
 * page, which speaks the SDK's postMessage protocol (../shared/INTEGRATIONS.md "The
 * frame protocol"): it answers `/report/load` with 202, then raises `loaded` and
 * `rendered`; it answers `/report/token` with 202 and lists every token it received.
 */
export interface FakeFrameOptions {
  /** Keep the report loading until the test calls `finishLoading` (to see the loading state). */
  holdLoading?: boolean;
}

function frameHtml(options: FakeFrameOptions) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fake Power BI report</title></head>
<body data-state="waiting">
<main>
  <h1>Fake Power BI report</h1>
  <p>Loaded with token: <span data-testid="load-token">none</span></p>
  <h2>Tokens received</h2>
  <ul aria-label="Tokens received"></ul>
</main>
<script>
  const options = ${JSON.stringify(options)};
  let uid = new URL(location.href).searchParams.get('uid');
  const send = (message) => window.parent.postMessage(message, '*');
  window.raise = (name, body) => send({ method: 'POST', url: '/reports/' + uid + '/events/' + name, headers: {}, body: body || {} });
  window.finishLoading = () => {
    window.raise('loaded');
    window.raise('rendered');
    document.body.dataset.state = 'rendered';
  };
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object' || typeof message.url !== 'string' || 'statusCode' in message) return;
    const reply = (statusCode, body) => send({ statusCode, headers: { id: message.headers && message.headers.id }, body: body || {} });
    if (message.url === '/report/load') {
      uid = (message.headers && message.headers.uid) || uid;
      document.querySelector('[data-testid="load-token"]').textContent = message.body.accessToken;
      document.body.dataset.state = 'loading';
      reply(202);
      if (!options.holdLoading) setTimeout(window.finishLoading, 50);
      return;
    }
    if (message.url === '/report/token') {
      const item = document.createElement('li');
      item.textContent = message.body;
      document.querySelector('ul').append(item);
      reply(202);
      return;
    }
    reply(202);
  });
</script>
</body>
</html>`;
}

/** Serves the fake frame for every Power BI URL this page opens. */
export async function routeFakeReportFrame(page: Page, options: FakeFrameOptions = {}) {
  await page.route('https://app.powerbi.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: frameHtml(options) }),
  );
}

/** The fake frame once the page has embedded it (a retrying wait, no fixed sleeps). */
export async function fakeReportFrame(page: Page): Promise<Frame> {
  const find = () => page.frames().find((candidate) => candidate.url().startsWith('https://app.powerbi.com/'));
  await expect.poll(() => find() !== undefined, { message: 'The report frame was never embedded' }).toBe(true);
  const frame = find();
  if (!frame) throw new Error('The report frame was never embedded');
  return frame;
}

/** Makes the fake frame raise one of the SDK's events (`error`, ...) with `detail` as body. */
export async function raiseFrameEvent(page: Page, name: string, detail: unknown) {
  const frame = await fakeReportFrame(page);
  await frame.evaluate(
    ([eventName, body]) => (window as unknown as { raise: (n: unknown, b: unknown) => void }).raise(eventName, body),
    [name, detail] as const,
  );
}

/** Lets a frame served with `holdLoading` finish loading. */
export async function finishFrameLoading(page: Page) {
  const frame = await fakeReportFrame(page);
  await frame.evaluate(() => (window as unknown as { finishLoading: () => void }).finishLoading());
}
