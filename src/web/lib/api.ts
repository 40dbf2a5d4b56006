import { useSession } from './session-store';

/** Per-field validation messages as the server sends them (HTTP 422). */
export type FieldErrors = Record<string, string[]>;

/** A failed call. `status` 0 means the network failed before any answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** No answer reached us (offline, DNS, aborted connection). */
  get isNetwork() {
    return this.status === 0;
  }

  /** 429: the spec says to ignore these silently, so UIs show nothing for them. */
  get isIgnored() {
    return this.status === 429;
  }

  /** First message for a field, e.g. `err.first('email')`. */
  first(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;
/** Flat values, or one nested level that becomes `key[sub]=` (sort[created_at]=desc, filter[status]=1). */
export type Query = Record<string, QueryValue | QueryValue[] | Record<string, QueryValue>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Plain values are sent as JSON; FormData/Blob go as they are (multipart uploads). */
  body?: unknown;
  /** How to read a successful answer; default json (empty bodies give undefined). */
  parse?: 'json' | 'text' | 'blob' | 'none';
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Leave out of the loading list (background polling should not flash the progress bar). */
  silent?: boolean;
  /**
   * Reject a 429 with its message instead of ignoring it. Only for forms where silence would
   * leave a person stuck (sign-in): decision 010.
   */
  rateLimitError?: boolean;
}

export interface ApiSession {
  token: string | null;
  lang: string;
  activeProviderId: number | null;
  requestMode: string | null;
  csrfToken: string | null;
}

export interface ApiDeps {
  fetch: typeof fetch;
  getSession(): ApiSession;
  setMaintenance(on: boolean): void;
  onUnauthorized(): void;
  onLoading?(id: string, busy: boolean): void;
}

/** Spec paths are sometimes written without the /app prefix; every call goes under /app. */
export function apiPath(path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return clean === '/app' || clean.startsWith('/app/') ? clean : `/app${clean}`;
}

function appendQuery(params: URLSearchParams, query: Query | undefined) {
  if (!query) return;
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && item !== undefined) params.append(`${key}[]`, String(item));
    } else if (typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value)) {
        if (subValue !== null && subValue !== undefined) params.append(`${key}[${sub}]`, String(subValue));
      }
    } else {
      params.append(key, String(value));
    }
  }
}

/** Builds `/app/...?...` with the spec's common parameters: provider_id, lang and the request-mode flag `a`. */
export function buildApiUrl(path: string, session: ApiSession, query?: Query): string {
  const params = new URLSearchParams();
  appendQuery(params, query);
  if (session.activeProviderId !== null && !params.has('provider_id')) {
    params.set('provider_id', String(session.activeProviderId));
  }
  if (!params.has('lang')) params.set('lang', session.lang);
  if (session.requestMode !== null && !params.has('a')) params.set('a', session.requestMode);
  const qs = params.toString();
  return qs ? `${apiPath(path)}?${qs}` : apiPath(path);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server's 503 while its database is unreachable: `{ message, errors, unavailable: 'database' }`. */
function isDatabaseUnavailable(body: unknown): boolean {
  return !!body && typeof body === 'object' && (body as { unavailable?: unknown }).unavailable === 'database';
}

function toApiError(status: number, body: unknown, fallback: string): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown };
    const errors: FieldErrors = {};
    if (b.errors && typeof b.errors === 'object') {
      for (const [field, list] of Object.entries(b.errors as Record<string, unknown>)) {
        if (Array.isArray(list)) errors[field] = list.map(String);
        else if (typeof list === 'string') errors[field] = [list];
      }
    }
    const message = typeof b.message === 'string' && b.message ? b.message : fallback;
    return new ApiError(status, message, errors, body);
  }
  return new ApiError(status, typeof body === 'string' && body ? body : fallback, {}, body);
}

let requestSeq = 0;

export function createApiClient(deps: ApiDeps) {
  /**
   * One call to the API. Resolves with the parsed answer, or `undefined` for 429 (rate limited:
   * ignored silently, spec 7) and for empty bodies. Rejects with ApiError otherwise.
   * Side effects required by the spec: 503 turns maintenance on, any other answer turns it off,
   * 401 clears the token (logs out).
   */
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T | undefined> {
    const session = deps.getSession();
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (session.token) headers.Authorization = `Bearer ${session.token}`;
    if (session.csrfToken) headers['X-CSRF-Token'] = session.csrfToken;

    let body: BodyInit | undefined;
    if (options.body instanceof FormData || options.body instanceof Blob) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    const id = `${method} ${path} #${++requestSeq}`;
    const track = options.silent ? undefined : deps.onLoading;
    track?.(id, true);
    let res: Response;
    try {
      res = await deps.fetch(buildApiUrl(path, session, options.query), {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      track?.(id, false);
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
    }
    track?.(id, false);

    if (res.status === 503) {
      const answer = await readBody(res).catch(() => undefined);
      // The server's "database unavailable" answer is a passing outage, not maintenance: it fails
      // this call like any error (try again) and leaves the maintenance screen alone. Every
      // other 503 (the maintenance answer, a proxy's page) is maintenance, as the spec says.
      if (!isDatabaseUnavailable(answer)) deps.setMaintenance(true);
      throw toApiError(503, answer, 'Service Unavailable');
    }
    deps.setMaintenance(false);

    if (res.status === 401) {
      deps.onUnauthorized();
      throw toApiError(401, await readBody(res).catch(() => undefined), 'Unauthorized');
    }
    if (res.status === 429) {
      if (options.rateLimitError) throw toApiError(429, await readBody(res).catch(() => undefined), 'Too Many Requests');
      return undefined;
    }
    if (!res.ok) {
      throw toApiError(res.status, await readBody(res).catch(() => undefined), res.statusText || `HTTP ${res.status}`);
    }

    switch (options.parse ?? 'json') {
      case 'none':
        return undefined;
      case 'text':
        return (await res.text()) as T;
      case 'blob':
        return (await res.blob()) as T;
      default: {
        const text = await res.text();
        return text ? (JSON.parse(text) as T) : undefined;
      }
    }
  }

  /**
   * For TanStack Query functions, which must not resolve to undefined: a 429 rejects with an
   * ApiError whose `isIgnored` is true, so the query keeps its last data and UIs stay quiet.
   */
  async function query<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    const data = await request<T>(path, options);
    if (data === undefined) throw new ApiError(429, 'Too Many Requests');
    return data;
  }

  return {
    request,
    query,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...options, method: 'DELETE' }),
    /** Address for links and <img src> (downloads, images) with the common parameters. */
    url: (path: string, query?: Query) => buildApiUrl(path, deps.getSession(), query),
  };
}

/** The app's client, wired to the session store. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getSession: () => useSession.getState(),
  setMaintenance: (on) => useSession.getState().setMaintenance(on),
  onUnauthorized: () => useSession.getState().logout(),
  onLoading: (id, busy) => {
    const s = useSession.getState();
    if (busy) s.startLoading(id);
    else s.stopLoading(id);
  },
});

/**
 * True when the server says the object a page asked for does not exist (404). Pages that load one
 * object then show the shared not-found page (StatusPage kind="notFound"), whatever the object.
 */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
