import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApiClient, errorMessage } from '../../src/web/lib/api-client';
import { apiBaseUrl, apiUrl } from '../../src/web/lib/api-url';
import { clearSession, session, setTokens } from '../../src/web/stores/session-store';
import { createFakeFetch, deferred, fakeJwt, json } from './helpers/fake-fetch';

const OLD = fakeJwt({ user_id: 'u-1', role: 'user', name: 'Ama Mensah', email: 'ama@example.com' });
const NEW = fakeJwt({ user_id: 'u-1', role: 'user', name: 'Ama Mensah', email: 'ama@example.com', iat: 2 });

const expired = vi.fn();

beforeEach(() => {
  setTokens(OLD, 'refresh-1');
  configureApiClient({ onSessionExpired: expired, currentPath: () => '/dashboard?tab=1' });
});

afterEach(() => {
  clearSession();
  expired.mockReset();
});

describe('api base address', () => {
  it('drops a trailing /api and slashes; empty means same origin', () => {
    expect(apiBaseUrl('https://api.boafo.test/api/')).toBe('https://api.boafo.test');
    expect(apiBaseUrl('https://api.boafo.test/api')).toBe('https://api.boafo.test');
    expect(apiBaseUrl(undefined)).toBe('');
    expect(apiUrl('/api/causes/list/', 'https://x.test')).toBe('https://x.test/api/causes/list/');
  });
});

describe('api client', () => {
  it('sends JSON with the bearer token and parses the answer', async () => {
    const fake = createFakeFetch(() => json(200, { ok: true }));
    configureApiClient({ fetch: fake.fetch });
    await expect(api.post('/api/cart/add/', { cause_id: 'c1' })).resolves.toEqual({ ok: true });
    expect(fake.calls[0]).toMatchObject({ method: 'POST', url: '/api/cart/add/', body: { cause_id: 'c1' } });
    expect(fake.calls[0].headers['content-type']).toBe('application/json');
    expect(fake.calls[0].headers.authorization).toBe(`Bearer ${OLD}`);
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    const fake = createFakeFetch(() => json(200, {}));
    configureApiClient({ fetch: fake.fetch });
    const form = new FormData();
    form.set('bio', 'hi');
    await api.put('/api/user/profile/', form);
    expect(fake.calls[0].headers['content-type']).toBeUndefined();
    expect(fake.calls[0].body).toBe(form);
  });

  it("throws 'API {status} {statusText}: {body}' with status and parsed body", async () => {
    const body = { detail: 'Cause not found.', code: 'not_found' };
    configureApiClient({ fetch: createFakeFetch(() => json(404, body, 'Not Found')).fetch });
    const error = await api.get('/api/causes/details/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`API 404 Not Found: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body).toEqual(body);
    expect(errorMessage(error)).toBe('Cause not found.');
  });

  it('adopts the pair another tab already rotated instead of spending the old refresh token', async () => {
    const fake = createFakeFetch((call) =>
      call.headers.authorization === `Bearer ${NEW}` ? json(200, { ok: true }) : json(401, { detail: 'expired' }),
    );
    configureApiClient({ fetch: fake.fetch });
    // Another tab refreshed: localStorage holds its new pair while this tab still has the old one.
    localStorage.setItem('access_token', NEW);
    localStorage.setItem('refresh_token', 'refresh-from-other-tab');
    await expect(api.get('/api/donations/')).resolves.toEqual({ ok: true });
    expect(fake.calls.filter((c) => c.url === '/api/user/token/refresh/')).toHaveLength(0);
    expect(session.refresh).toBe('refresh-from-other-tab');
  });

  it('refreshes once for concurrent 401s, then retries each request with the new token', async () => {
    const refreshAnswer = deferred<Response>();
    const fake = createFakeFetch((call) => {
      if (call.url === '/api/user/token/refresh/') return refreshAnswer.promise;
      return call.headers.authorization === `Bearer ${NEW}` ? json(200, { url: call.url }) : json(401, { detail: 'expired' });
    });
    configureApiClient({ fetch: fake.fetch });

    const both = Promise.all([api.get('/api/donations/'), api.get('/api/notifications/')]);
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.url === '/api/user/token/refresh/')).toHaveLength(1));
    refreshAnswer.resolve(json(200, { access: NEW, refresh: 'refresh-2' }));

    await expect(both).resolves.toEqual([{ url: '/api/donations/' }, { url: '/api/notifications/' }]);
    const refreshes = fake.calls.filter((c) => c.url === '/api/user/token/refresh/');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].body).toEqual({ refresh: 'refresh-1' });
    expect(session.access).toBe(NEW);
    expect(session.refresh).toBe('refresh-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('clears the session and sends the user to sign-in when the refresh is refused', async () => {
    const fake = createFakeFetch((call) =>
      call.url === '/api/user/token/refresh/' ? json(401, { detail: 'Token is invalid', code: 'token_invalid' }) : json(401, {}),
    );
    configureApiClient({ fetch: fake.fetch });
    const error = await api.get('/api/donations/').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(session.access).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(expired).toHaveBeenCalledExactlyOnceWith('/dashboard?tab=1');
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/donations/', '/api/user/token/refresh/']);
  });

  it('gives up when the retried request is still 401', async () => {
    const fake = createFakeFetch((call) =>
      call.url === '/api/user/token/refresh/' ? json(200, { access: NEW, refresh: 'refresh-2' }) : json(401, {}),
    );
    configureApiClient({ fetch: fake.fetch });
    await expect(api.get('/api/donations/')).rejects.toBeInstanceOf(ApiError);
    expect(fake.calls).toHaveLength(3); // request, one refresh, one retry: no loop
    expect(expired).toHaveBeenCalledOnce();
    expect(session.refresh).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const fake = createFakeFetch((call) => (call.url === '/api/user/token/refresh/' ? undefined : json(401, {})));
    configureApiClient({ fetch: fake.fetch });
    await expect(api.get('/api/donations/')).rejects.toBeInstanceOf(ApiError);
    expect(session.refresh).toBe('refresh-1');
    expect(expired).not.toHaveBeenCalled();
  });

  it('does not refresh for sign-in calls (auth: false)', async () => {
    const fake = createFakeFetch(() => json(401, { detail: 'Invalid email or password.', code: 'invalid_credentials' }));
    configureApiClient({ fetch: fake.fetch });
    await expect(api.post('/api/user/auth/login/', {}, { auth: false })).rejects.toBeInstanceOf(ApiError);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].headers.authorization).toBeUndefined();
  });

  it('decodes user id, role, name and email from the access token', () => {
    expect(session).toMatchObject({ user_id: 'u-1', role: 'user', name: 'Ama Mensah', email: 'ama@example.com' });
    setTokens(fakeJwt({ sub: 'u-2', role: 'admin' }), null);
    expect(session).toMatchObject({ user_id: 'u-2', role: 'admin', refresh: 'refresh-1' });
    expect(localStorage.getItem('user_id')).toBe('u-2');
  });
});
