import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { type AddressPolicy, checkUrlShape, guardedLookup, hostOf, RefusedAddress } from './address-guard';

/** How long one attempt may take, connection to last byte. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The most of an answer's body read and kept: the rest is never read. */
export const RESPONSE_BODY_LIMIT = 1024;

export interface OutgoingResult {
  /** 2xx: the receiver took it. */
  ok: boolean;
  status: number | null;
  /** At most RESPONSE_BODY_LIMIT bytes of the body, as text. */
  body: string | null;
  durationMs: number;
  /** Why it failed when no 2xx came: a timeout, a refused address, a redirect, a network error. */
  error: string | null;
}

/**
 * Posts one webhook: a JSON body with the given headers, over node:http(s) so that the
 * connection's own DNS lookup is the guarded one. No redirect is followed (a 3xx is a
 * failure, recorded with its Location), at most 1 KB of the answer is read, and the whole
 * attempt is given REQUEST_TIMEOUT_MS.
 */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: AddressPolicy,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<OutgoingResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(rawUrl);
    checkUrlShape(url, policy);
  } catch (error) {
    return { ok: false, status: null, body: null, durationMs: elapsed(), error: reasonOf(error) };
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutgoingResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<OutgoingResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Brigade-Webhooks/1', ...headers },
        // An address literal is checked by checkUrlShape; a name is checked as it resolves.
        lookup: net.isIP(hostOf(url)) ? undefined : guardedLookup(policy),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          response.destroy();
          const status = response.statusCode ?? null;
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
          const ok = status !== null && status >= 200 && status < 300;
          const location = response.headers.location;
          const error =
            status !== null && status >= 300 && status < 400
              ? `Redirect not followed${location ? ` (to ${String(location).slice(0, 200)})` : ''}`
              : ok
                ? null
                : `HTTP ${status}`;
          finish({ ok, status, body: text, error });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_BODY_LIMIT) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, body: null, error: `Timed out after ${timeoutMs / 1000} s` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish({ ok: false, status: null, body: null, error: reasonOf(error) }));
    request.end(body);
  });
}

function reasonOf(error: unknown): string {
  if (error instanceof RefusedAddress) return error.message;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return (code ? `${code}: ${error.message}` : error.message).slice(0, 500);
  }
  return String(error).slice(0, 500);
}
