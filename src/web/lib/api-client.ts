import type { ApiErrorBody } from '../../shared/contract/common';
import type { TokenPair } from '../../shared/contract/auth';
import { apiUrl } from './api-url';
import { takeBootAnswer } from './boot-answers';
import { currentLocale, t } from './i18n';
import { decodeJwt } from './jwt';
import { confirmIdentity, type ConfirmKind } from './step-up';
import { clearSession, reloadSession, session, setTokens } from '../stores/session-store';

/** Spec §8: every non-2xx answer raises 'API {status} {statusText}: {body}'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The parsed JSON body when there is one, else the raw text. */
    readonly body: unknown,
    rawBody: string,
  ) {
    super(`API ${status} ${statusText}: ${rawBody}`);
    this.name = 'ApiError';
  }

  get errorBody(): Partial<ApiErrorBody> | null {
    return this.body && typeof this.body === 'object' ? (this.body as Partial<ApiErrorBody>) : null;
  }
}

export interface RequestOptions {
  method?: string;
  /** Plain objects are sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for calls that must not carry or refresh a token (sign-in, sign-up). */
  auth?: boolean;
}

/** Token pairs kept outside localStorage (IndexedDB, for the service worker), which may be newer. */
export interface StoredTokenPairs {
  /** The pair stored for this user, if any. */
  read(userId: string): Promise<{ access: string; refresh: string | null; issuedAt: number } | null>;
  /** Called inside the refresh lock with the new pair, before the lock is released. */
  save(pair: { access: string; refresh: string | null }): Promise<void>;
}

interface ClientConfig {
  fetch: typeof fetch;
  /** Set once the offline layer runs: the worker may have rotated the tokens itself. */
  tokenStore: StoredTokenPairs | null;
  /** XMLHttpRequest factory for uploads with progress; tests swap it. */
  xhr: () => XMLHttpRequest;
  /** Called once the refresh token is no longer accepted; the app navigates to sign-in. */
  onSessionExpired: (redirectPath: string) => void;
  currentPath: () => string;
}

// The app swaps onSessionExpired for router navigation; tests swap fetch.
const config: ClientConfig = {
  fetch: (input, init) => globalThis.fetch(input, init),
  tokenStore: null,
  xhr: () => new XMLHttpRequest(),
  onSessionExpired: (path) => window.location.assign(`/sign-in?redirect=${encodeURIComponent(path)}`),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
};

export function configureApiClient(partial: Partial<ClientConfig>): void {
  Object.assign(config, partial);
}

/** The language on screen (English until the first catalog is up). */
const language = (): string => currentLocale() || 'en';

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  // The server writes its error texts (`detail`) in the language on screen, not the browser's.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language(), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return config.fetch(apiUrl(path), { method: options.method ?? 'GET', headers, body, signal: options.signal });
}

async function readBody(response: Response): Promise<{ parsed: unknown; raw: string }> {
  const raw = await response.text();
  try {
    return { parsed: raw ? JSON.parse(raw) : undefined, raw };
  } catch {
    return { parsed: raw, raw };
  }
}

async function toError(response: Response): Promise<ApiError> {
  const { parsed, raw } = await readBody(response);
  return new ApiError(response.status, response.statusText, parsed, raw);
}

interface RefreshOutcome {
  access: string | null;
  /** The server answered and said no: the session is over. A network failure is not a refusal. */
  refused: boolean;
}

// One refresh at a time: concurrent 401s share it, so a rotating refresh token is spent once.
let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Tabs share one refresh token, and the server treats a rotated token presented again as theft
 * (it revokes the whole login). So refreshes across tabs take a Web Lock, and a tab that got the
 * lock after another tab rotated adopts the stored pair instead of spending the old token.
 */
function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('boafo-token-refresh', run) as Promise<T>) : run();
}

function refreshOnce(): Promise<RefreshOutcome> {
  const spent = session.refresh;
  refreshing ??= withRefreshLock(async () => {
    reloadSession();
    if (session.refresh && session.access && session.refresh !== spent) {
      return { access: session.access, refused: false };
    }
    // The service worker refreshes with the stored pair when no page is around: adopt what it got.
    const stored = session.user_id ? await config.tokenStore?.read(session.user_id).catch(() => null) : null;
    const localIat = decodeJwt(session.access)?.iat ?? 0;
    if (stored?.refresh && stored.refresh !== session.refresh && stored.issuedAt > localIat) {
      setTokens(stored.access, stored.refresh);
      return { access: stored.access, refused: false };
    }
    const refresh = session.refresh;
    if (!refresh) return { access: null, refused: true };
    try {
      const response = await send('/api/user/token/refresh/', { method: 'POST', body: { refresh } }, null);
      if (!response.ok) return { access: null, refused: response.status < 500 };
      const data = (await response.json()) as Partial<TokenPair>;
      if (typeof data.access !== 'string') return { access: null, refused: true };
      setTokens(data.access, data.refresh);
      await config.tokenStore?.save({ access: data.access, refresh: session.refresh }).catch(() => {});
      return { access: data.access, refused: false };
    } catch {
      return { access: null, refused: false };
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** POST /api/user/token/refresh/ {refresh}; the new access token, or null (spec §7: failure yields nothing). */
export async function refreshAccessToken(): Promise<string | null> {
  return (await refreshOnce()).access;
}

function expireSession(): void {
  if (!session.access && !session.refresh) return; // another request already did it
  const path = config.currentPath();
  clearSession();
  config.onSessionExpired(path);
}

/** Sends with the session's token, refreshing it once on a 401; a non-2xx answer throws ApiError. */
async function authorizedResponse(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const useAuth = options.auth !== false;
  let response = await send(path, options, token);

  if (response.status === 401 && useAuth && session.refresh) {
    // Another request may have refreshed while this one was in flight: reuse its token.
    const outcome: RefreshOutcome =
      session.access && session.access !== token ? { access: session.access, refused: false } : await refreshOnce();
    if (outcome.access) response = await send(path, options, outcome.access);
    // Give up on the session only when the server refused it; a network failure keeps it for later.
    if (response.status === 401 && (outcome.access || outcome.refused)) {
      const error = await toError(response);
      expireSession();
      throw error;
    }
  }

  if (response.status === 403 && useAuth) {
    const refusal = await confirmation(response.clone().text());
    // The server kept no answer for an Idempotency-Key it refused this way: the resend runs afresh.
    if (refusal && (await confirmIdentity(refusal.kind, refusal.detail))) response = await send(path, options, session.access);
  }

  if (!response.ok) throw await toError(response);
  return response;
}

/** A 403 that asks the person to confirm it is them (or to turn on two-step sign-in), else null. */
async function confirmation(raw: Promise<string> | string): Promise<{ kind: ConfirmKind; detail: string } | null> {
  try {
    const body = JSON.parse(await raw) as { code?: string; detail?: string };
    if (body.code === 'step_up_required' || body.code === 'two_step_required') return { kind: body.code, detail: body.detail ?? '' };
  } catch {
    // not our error shape
  }
  return null;
}

/** Calls the API; resolves with the parsed body (undefined for 204), throws ApiError on non-2xx. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.auth !== false ? session.access : null;
  if (!token && (options.method ?? 'GET') === 'GET') {
    const answered = takeBootAnswer(path);
    if (answered !== undefined) return answered as T;
  }
  const response = await authorizedResponse(path, options, token);
  if (response.status === 204) return undefined as T;
  return (await readBody(response)).parsed as T;
}

/** A binary answer (a PDF) as a Blob, with the same token handling and errors as apiRequest. */
export async function getBlob(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<Blob> {
  const token = options.auth !== false ? session.access : null;
  const response = await authorizedResponse(path, { ...options, headers: { Accept: '*/*', ...options.headers } }, token);
  return response.blob();
}

interface XhrAnswer {
  status: number;
  statusText: string;
  raw: string;
}

function sendXhr(
  path: string,
  form: FormData,
  token: string | null,
  onProgress?: (fraction: number) => void,
  method = 'POST',
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = config.xhr();
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', language());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress && xhr.upload) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
    }
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, raw: xhr.responseText ?? '' });
    // Same shape as fetch's network failure, so errorMessage() says "Could not reach the server".
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    xhr.ontimeout = () => reject(new TypeError('Failed to fetch'));
    xhr.send(form);
  });
}

function parseRaw(raw: string): unknown {
  try {
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return raw;
  }
}

/**
 * Multipart upload with progress (fetch has no upload progress). Same token, single-flight refresh,
 * session-expiry and ApiError behaviour as apiRequest. onProgress receives 0..1.
 */
export async function upload<T = unknown>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  options: { method?: string } = {},
): Promise<T> {
  const token = session.access;
  let answer = await sendXhr(path, form, token, onProgress, options.method);

  if (answer.status === 401 && session.refresh) {
    const outcome: RefreshOutcome =
      session.access && session.access !== token ? { access: session.access, refused: false } : await refreshOnce();
    if (outcome.access) answer = await sendXhr(path, form, outcome.access, onProgress, options.method);
    if (answer.status === 401 && (outcome.access || outcome.refused)) {
      const error = new ApiError(answer.status, answer.statusText, parseRaw(answer.raw), answer.raw);
      expireSession();
      throw error;
    }
  }

  if (answer.status === 403) {
    const refusal = await confirmation(answer.raw);
    if (refusal && (await confirmIdentity(refusal.kind, refusal.detail))) {
      answer = await sendXhr(path, form, session.access, onProgress, options.method);
    }
  }

  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiError(answer.status, answer.statusText, parseRaw(answer.raw), answer.raw);
  }
  onProgress?.(1);
  return (answer.status === 204 ? undefined : parseRaw(answer.raw)) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/** A sentence for the user: the server's detail, or a plain word about the connection. */
export function errorMessage(error: unknown, fallback = t('shell.error.generic')): string {
  if (error instanceof ApiError) return error.errorBody?.detail || fallback;
  if (error instanceof TypeError) return t('shell.error.unreachable');
  return fallback;
}
