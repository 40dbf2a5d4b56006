import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiPath, buildApiUrl, createApiClient, type ApiSession } from './api';

const baseSession: ApiSession = { token: null, lang: 'lv', activeProviderId: null, requestMode: null, csrfToken: null };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(answer: Response | (() => Promise<Response>), session: Partial<ApiSession> = {}) {
  const fetch = vi.fn(typeof answer === 'function' ? answer : async () => answer);
  const deps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    getSession: () => ({ ...baseSession, ...session }),
    setMaintenance: vi.fn(),
    onUnauthorized: vi.fn(),
    onLoading: vi.fn(),
  };
  return { client: createApiClient(deps), fetch, deps };
}

function requestOf(fetch: ReturnType<typeof vi.fn>) {
  const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
  return { url: new URL(url, 'http://x'), init, headers: init.headers as Record<string, string> };
}

describe('URLs', () => {
  it('puts every call under /app', () => {
    expect(apiPath('/me')).toBe('/app/me');
    expect(apiPath('navigation')).toBe('/app/navigation');
    expect(apiPath('/app/me')).toBe('/app/me');
    expect(apiPath('/application')).toBe('/app/application');
  });

  it('adds provider_id, lang and the request-mode flag a', () => {
    const url = buildApiUrl('/app/dishes', { ...baseSession, activeProviderId: 4, lang: 'en', requestMode: '1' }, { page: 2 });
    const params = new URL(url, 'http://x').searchParams;
    expect(params.get('provider_id')).toBe('4');
    expect(params.get('lang')).toBe('en');
    expect(params.get('a')).toBe('1');
    expect(params.get('page')).toBe('2');
  });

  it('leaves out provider_id and a when not set, and encodes nested list parameters', () => {
    const url = buildApiUrl('/app/dishes', baseSession, {
      sort: { created_at: 'desc' },
      filter: { status: 1, category_id: undefined },
      search: null,
      ids: [1, 2],
    });
    const params = new URL(url, 'http://x').searchParams;
    expect(params.has('provider_id')).toBe(false);
    expect(params.has('a')).toBe(false);
    expect(params.get('lang')).toBe('lv');
    expect(params.get('sort[created_at]')).toBe('desc');
    expect(params.get('filter[status]')).toBe('1');
    expect(params.has('filter[category_id]')).toBe(false);
    expect(params.has('search')).toBe(false);
    expect(params.getAll('ids[]')).toEqual(['1', '2']);
  });
});

describe('requests', () => {
  it('sends Accept JSON, the bearer token and a JSON body', async () => {
    const { client, fetch } = setup(json(200, { ok: true }), { token: 'tok' });
    await expect(client.post('/app/review/send', { message: 'Hi' })).resolves.toEqual({ ok: true });
    const { init, headers, url } = requestOf(fetch);
    expect(url.pathname).toBe('/app/review/send');
    expect(init.method).toBe('POST');
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"message":"Hi"}');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, fetch } = setup(json(200, {}));
    await client.get('/app/translations');
    expect(requestOf(fetch).headers.Authorization).toBeUndefined();
  });

  it('passes FormData as it is (multipart)', async () => {
    const { client, fetch } = setup(json(200, {}));
    const form = new FormData();
    form.set('image', new Blob(['x']), 'a.png');
    await client.post('/app/dishes/1/image', form);
    const { init, headers } = requestOf(fetch);
    expect(init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('turns maintenance on for 503 and rejects', async () => {
    const { client, deps } = setup(json(503, { message: 'Maintenance' }));
    const error = await client.get('/app/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(deps.setMaintenance).toHaveBeenCalledWith(true);
  });

  it('does not turn maintenance on for the database-unavailable 503, and rejects with its message', async () => {
    const { client, deps } = setup(json(503, { message: 'Try again in a moment.', errors: {}, unavailable: 'database' }));
    const error = await client.get('/app/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe('Try again in a moment.');
    expect(deps.setMaintenance).not.toHaveBeenCalledWith(true);
  });

  it('treats a 503 without a JSON body (a proxy) as maintenance', async () => {
    const { client, deps } = setup(new Response('Service Unavailable', { status: 503 }));
    await client.get('/app/me').catch(() => undefined);
    expect(deps.setMaintenance).toHaveBeenCalledWith(true);
  });

  it('turns maintenance off for any other answer', async () => {
    for (const status of [200, 401, 404, 422, 429, 500]) {
      const { client, deps } = setup(json(status, {}));
      await client.get('/app/me').catch(() => undefined);
      expect(deps.setMaintenance).toHaveBeenCalledWith(false);
      expect(deps.setMaintenance).not.toHaveBeenCalledWith(true);
    }
  });

  it('logs out on 401 and rejects', async () => {
    const { client, deps } = setup(json(401, { message: 'Unauthenticated' }), { token: 'old' });
    await expect(client.get('/app/me')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated' });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('resolves to nothing on 429 (ignored silently)', async () => {
    const { client, deps } = setup(json(429, { message: 'Too many' }));
    await expect(client.post('/app/login', {})).resolves.toBeUndefined();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects a 429 with its message when the caller asks (sign-in form)', async () => {
    const { client } = setup(json(429, { message: 'Too many login attempts', errors: { email: ['Too many login attempts'] } }));
    const error = await client.post('/app/login', {}, { rateLimitError: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).first('email')).toBe('Too many login attempts');
  });

  it('query() rejects a 429 with an ignorable error so cached data stays', async () => {
    const { client } = setup(json(429, {}));
    const error = await client.query('/app/navigation').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isIgnored).toBe(true);
  });

  it('exposes validation errors (422) per field', async () => {
    const { client } = setup(
      json(422, { message: 'The given data was invalid.', errors: { email: ['Wrong e-mail or password'], 'items.0.qty': ['Too many'] } }),
    );
    const error = (await client.post('/app/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('The given data was invalid.');
    expect(error.first('email')).toBe('Wrong e-mail or password');
    expect(error.errors['items.0.qty']).toEqual(['Too many']);
  });

  it('reports a network failure as status 0 without touching the session', async () => {
    const { client, deps } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await client.get('/app/me').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetwork).toBe(true);
    expect(deps.setMaintenance).not.toHaveBeenCalled();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.onLoading).toHaveBeenLastCalledWith(expect.any(String), false);
  });

  it('resolves empty bodies to undefined and can read text', async () => {
    const empty = setup(new Response(null, { status: 204 }));
    await expect(empty.client.post('/app/logout')).resolves.toBeUndefined();
    const text = setup(new Response('hello', { status: 200 }));
    await expect(text.client.get<string>('/app/x', { parse: 'text' })).resolves.toBe('hello');
  });

  it('marks requests as loading unless silent', async () => {
    const { client, deps } = setup(async () => json(200, {}));
    await client.get('/app/a');
    expect(deps.onLoading).toHaveBeenCalledTimes(2);
    deps.onLoading.mockClear();
    await client.get('/app/b', { silent: true });
    expect(deps.onLoading).not.toHaveBeenCalled();
  });
});
