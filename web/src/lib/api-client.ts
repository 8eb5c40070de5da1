import type { BaseResp } from '@butterfic/contract';
import { STATUS } from '@butterfic/contract/client';
import { STORAGE_KEYS, storage } from './storage';
import { currentLanguage } from './language';

/**
 * The one API client (SPEC.md sections 6–7): bearer header, 100 s time-out,
 * envelope check, 301005 → refresh the access token once and retry, and the
 * auth-failure redirect to /login.
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
};

let onAuthFailure: (kind: 'login' | 'verify') => void = (kind) => {
  const target = kind === 'verify' ? '/verify' : '/login';
  if (window.location.pathname !== target) window.location.assign(target);
};

/** The router installs a navigate-based handler; the default reloads the page. */
export function setAuthFailureHandler(handler: typeof onAuthFailure): void {
  onAuthFailure = handler;
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
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
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
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, (error as Error).name === 'TimeoutError' ? 'timeout' : 'network');
  }
  type Payload = { base_resp?: BaseResp; data?: unknown };
  let payload: Payload | null = null;
  if (response.status !== 204) {
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

let refreshing: Promise<boolean> | null = null;

/** Exchanges the refresh token for a new access token; concurrent callers share one call. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = storage.get(STORAGE_KEYS.refreshToken);
    if (!refresh) return false;
    try {
      const data = await send<{ access: string; refresh?: string }>('POST', '/user/refresh_token/', {
        body: { refresh },
        anonymous: true,
      });
      storage.set(STORAGE_KEYS.accessToken, data.access);
      if (data.refresh) storage.set(STORAGE_KEYS.refreshToken, data.refresh);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(method, path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || options.anonymous) throw error;
    if (error.code === STATUS.tokenExpired) {
      if (await refreshAccessToken()) return send<T>(method, path, options);
      onAuthFailure('login');
      throw error;
    }
    if (error.code === STATUS.tokenInvalid || error.code === STATUS.accountBlocked) onAuthFailure('login');
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
