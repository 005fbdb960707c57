import type { ErrorReply } from '@brigade/core/schemas/common';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentLanguage } from './i18n';

/** A failed API call: the server's readable message and, for forms, per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

/** Status used for "the request never got an answer" (offline, server down). */
export const NETWORK_ERROR_STATUS = 0;

/** The error of a request that never got an answer, in the language on screen. */
export function networkError() {
  return new ApiError(NETWORK_ERROR_STATUS, i18n._(msg`Could not reach Brigade. Check your connection and try again.`));
}

let sessionEndedListener: (() => void) | null = null;

/**
 * Called when any API call answers 401: the session ended (expired, signed out in
 * another tab, account deactivated). The app puts the signed-out state into the `me`
 * query so Sign In appears at the current address. Registered once by the app, which
 * keeps this module free of React Query.
 */
export function onSessionEnded(listener: () => void) {
  sessionEndedListener = listener;
}

/** Reports that the session ended; for callers that learn it other than by a 401 here. */
export function notifySessionEnded() {
  sessionEndedListener?.();
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls Brigade's API on the same origin (the session cookie goes along) and parses JSON. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        // The server answers (messages, field errors) in the language on screen (issue 22).
        'accept-language': currentLanguage(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }

  const payload = await readJson(response);
  if (response.ok) return payload as T;

  if (response.status === 401) notifySessionEnded();
  const reply = isErrorReply(payload) ? payload : null;
  const status = response.status;
  throw new ApiError(status, reply?.message ?? i18n._(msg`Request failed (${status})`), reply?.fields ?? {});
}

/**
 * Our error replies (ErrorReply: `{ message, fields? }`), as opposed to a proxy's error
 * page. Checked by hand because this module is on the way to Sign In, before zod.
 */
function isErrorReply(payload: unknown): payload is ErrorReply {
  return typeof payload === 'object' && payload !== null && typeof (payload as ErrorReply).message === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
