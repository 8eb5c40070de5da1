import type { BaseResp } from '@butterfic/contract';
import { STATUS } from '@butterfic/contract/client';
import { STORAGE_KEYS, storage } from './storage';
import { currentLanguage } from './language';
import { onlineStatus } from './online-status';
import { eventMessages, type EventMessages } from './story-stream';

/**
 * The one API client (SPEC.md sections 6–7): bearer header, 100 s time-out,
 * envelope check, 301005 → refresh the access token once and retry, and the
 * auth-failure redirect to /login.
 *
 * Session faults (docs/decisions/0018-session-faults-accessibility-install.md):
 * - tabs share the tokens in localStorage, so a refresh runs under a Web Lock held across tabs;
 *   a tab that waited finds the token already renewed and uses it instead of spending the old
 *   refresh token again (without Web Locks the server's grace window covers the race);
 * - no answer during a refresh keeps the session: the caller gets a network error and the
 *   refresh-failure handler offers a retry;
 * - an auth failure clears the stored session before it navigates to /login;
 * - the call retried after a refresh goes through the same redirect handling.
 */

export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 100_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get baseResp(): BaseResp {
    return { status_code: this.code, status_msg: this.message };
  }
}

/** Network failure or time-out: no answer from the server. */
export const NETWORK_ERROR = -1;

type Query = Record<string, string | number | boolean | undefined | null>;
type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** Send the body form-encoded (SPEC.md section 7 marks some calls so). */
  form?: boolean;
  /** Calls that must not trigger refresh or redirect (login, refresh itself). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /**
   * Ask for the answer as Server-Sent Events (a start call: the story on the same request). The
   * first event, `head`, carries the JSON envelope; the rest of the response goes to `onStream`.
   * A JSON answer (an error, a server that answers JSON) is read as usual.
   */
  onStream?: (data: unknown, rest: EventMessages) => void;
};

let navigateOnAuthFailure: (kind: 'login' | 'verify') => void = (kind) => {
  const target = kind === 'verify' ? '/verify' : '/login';
  if (window.location.pathname !== target) window.location.assign(target);
};

/** The router installs a navigate-based handler; the default reloads the page. */
export function setAuthFailureHandler(handler: typeof navigateOnAuthFailure): void {
  navigateOnAuthFailure = handler;
}

/** A session the server refused is over: its tokens go before the login screen shows. */
function onAuthFailure(kind: 'login' | 'verify'): void {
  if (kind === 'login') {
    storage.remove(STORAGE_KEYS.accessToken);
    storage.remove(STORAGE_KEYS.refreshToken);
    storage.remove(STORAGE_KEYS.userInfo);
  }
  navigateOnAuthFailure(kind);
}

let onRefreshUnreachable: () => void = () => undefined;

/** Called when a refresh got no answer (the session is kept); the app shows a toast with a retry. */
export function setRefreshUnreachableHandler(handler: () => void): void {
  onRefreshUnreachable = handler;
}

function buildUrl(path: string, query?: Query): string {
  const url = new URL(API_BASE + path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

function encodeForm(body: unknown): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.set(key, String(value));
  }
  return form;
}

async function send<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = {
    Accept: options.onStream ? 'text/event-stream, application/json;q=0.9' : 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const token = storage.get(STORAGE_KEYS.accessToken);
  if (token && !options.anonymous) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (options.form) {
      body = encodeForm(options.body);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
  }
  // The time-out covers the answer's head only: a story streamed on the same response (onStream) may last longer.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('The request timed out', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  try {
    return await answerOf<T>(options, {
      method,
      headers,
      body,
      signal: options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal,
      url: buildUrl(path, options.query),
    });
  } finally {
    clearTimeout(timer);
  }
}

async function answerOf<T>(
  options: RequestOptions,
  {
    url,
    method,
    headers,
    body,
    signal,
  }: { url: string; method: string; headers: Record<string, string>; body: BodyInit | undefined; signal: AbortSignal },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, (error as Error).name === 'TimeoutError' ? 'timeout' : 'network');
  }
  // An answer, whatever it says: a page that opened offline is online again (lib/online-status.ts).
  onlineStatus.reached();
  type Payload = { base_resp?: BaseResp; data?: unknown };
  let payload: Payload | null = null;
  if (options.onStream && response.ok && response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const messages = eventMessages(response.body);
    const head = await messages.next().catch(() => null);
    if (head?.event !== 'head') {
      messages.cancel();
      throw new ApiError(0, NETWORK_ERROR, 'network');
    }
    payload = JSON.parse(head.data) as Payload;
    if (payload.base_resp?.status_code === 0) options.onStream(payload.data, messages);
    else messages.cancel();
  } else if (response.status !== 204) {
    try {
      payload = (await response.json()) as Payload;
    } catch {
      payload = null;
    }
  }
  const statusOk = response.status === 200 || response.status === 201 || response.status === 204;
  const code = payload?.base_resp?.status_code ?? (statusOk ? 0 : STATUS.internal);
  if (statusOk && code === 0) return payload?.data as T;
  throw new ApiError(response.status, code, payload?.base_resp?.status_msg ?? response.statusText, payload?.data);
}

/** `renewed`: a working access token is stored; `refused`: the session is over; `unreachable`: no answer, session kept. */
export type RefreshOutcome = 'renewed' | 'refused' | 'unreachable';

export const REFRESH_LOCK = 'butterfic-token-refresh';

/** Runs `task` holding the lock every tab of this origin shares; without Web Locks, in this tab alone. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock is held until the task's promise settles, and request() resolves with its value.
  if (locks && typeof locks.request === 'function') return locks.request(REFRESH_LOCK, task) as unknown as Promise<T>;
  return task();
}

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Renews the access token that `stale` (the one a call was refused with) replaced; calls of this tab
 * share one renewal, tabs take turns. A tab that finds a different access token stored when its turn
 * comes uses that one: another tab renewed the session meanwhile.
 */
export function renewSession(stale: string | null = storage.get(STORAGE_KEYS.accessToken)): Promise<RefreshOutcome> {
  refreshing ??= withRefreshLock(async (): Promise<RefreshOutcome> => {
    const current = storage.get(STORAGE_KEYS.accessToken);
    if (current && current !== stale) return 'renewed';
    const refresh = storage.get(STORAGE_KEYS.refreshToken);
    if (!refresh) return 'refused';
    try {
      const data = await send<{ access: string; refresh?: string }>('POST', '/user/refresh_token/', {
        // Rotation with replay detection (a SPEC.md client, sending `refresh` alone, keeps its token).
        body: { refresh, rotate: true },
        anonymous: true,
      });
      storage.set(STORAGE_KEYS.accessToken, data.access);
      if (data.refresh) storage.set(STORAGE_KEYS.refreshToken, data.refresh);
      return 'renewed';
    } catch (error) {
      // Only the server's word ends a session: no answer, a time-out or a server fault keep it.
      if (error instanceof ApiError && error.code !== NETWORK_ERROR && error.status > 0 && error.status < 500) return 'refused';
      return 'unreachable';
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Exchanges the refresh token for a new access token; true when a working one is stored. */
export async function refreshAccessToken(): Promise<boolean> {
  return (await renewSession()) === 'renewed';
}

/** The retry a toast offers after an unreachable refresh: renews, or ends the session if the server refuses it. */
export async function retryRenewal(): Promise<boolean> {
  const outcome = await renewSession();
  if (outcome === 'refused') onAuthFailure('login');
  if (outcome === 'unreachable') onRefreshUnreachable();
  return outcome === 'renewed';
}

async function request<T>(method: string, path: string, options: RequestOptions = {}, renewed = false): Promise<T> {
  const sent = storage.get(STORAGE_KEYS.accessToken);
  try {
    return await send<T>(method, path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || options.anonymous) throw error;
    if (error.code === STATUS.tokenExpired && !renewed) {
      const outcome = await renewSession(sent);
      // The retried call meets the same handling (a ban, an unverified address), but never renews twice.
      if (outcome === 'renewed') return request<T>(method, path, options, true);
      if (outcome === 'unreachable') {
        onRefreshUnreachable();
        throw new ApiError(0, NETWORK_ERROR, 'network');
      }
      onAuthFailure('login');
      throw error;
    }
    if (error.code === STATUS.tokenExpired || error.code === STATUS.tokenInvalid || error.code === STATUS.accountBlocked)
      onAuthFailure('login');
    if (error.code === STATUS.emailNotVerified) onAuthFailure('verify');
    throw error;
  }
}

export const api = {
  get: <T>(path: string, query?: Query, options: Omit<RequestOptions, 'query' | 'body'> = {}) =>
    request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
};
