/**
 * Cross-origin use (CORS_ORIGINS): preflights for an allowed and a foreign origin on every method,
 * the headers on real answers (errors included, so a client can read them), media that any page
 * may show, and the CSP letting the sandbox checkout send donors back to an allowed client.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { backends } from './helpers/backends';
import { bearer, multipartBody, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { scene } from './helpers/giving';

const CLIENT = 'http://127.0.0.1:4173';
const OTHER_CLIENT = 'https://give.example.gh';
const FOREIGN = 'https://evil.example.com';
const UUID = '5b0c2f4e-1a1b-4c3d-9e8f-0a1b2c3d4e5f';

/** One real endpoint per method a spec client uses (spec §7). */
const CALLS: [method: string, url: string][] = [
  ['GET', '/api/causes/list/?page=1'],
  ['GET', '/api/donations/?page=1'],
  ['POST', '/api/user/auth/login/'],
  ['POST', '/api/cart/add/'],
  ['PUT', '/api/user/profile/'],
  ['PATCH', `/api/cart/update/${UUID}/`],
  ['DELETE', `/api/cart/remove/${UUID}/`],
  ['DELETE', `/api/favorites/${UUID}/`],
];

function corsHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));
}

describe('CORS_ORIGINS setting', () => {
  it('is empty by default and keeps exact, normalised origins', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: ' https://Give.Example.GH/ ,http://127.0.0.1:4173,https://give.example.gh:443' }).corsOrigins,
    ).toEqual(['https://give.example.gh', 'http://127.0.0.1:4173']);
  });

  it.each([
    ['*', /no wildcards/],
    ['https://*.example.gh', /no wildcards/],
    ['give.example.gh', /must be origins like/],
    ['ftp://give.example.gh', /must start with http:\/\/ or https:\/\//],
    ['https://give.example.gh/app', /bare origins without a path/],
    ['https://give.example.gh?x=1', /bare origins without a path/],
    ['https://user:pw@give.example.gh', /bare origins without a path/],
  ])('fails loudly for %s', (value, message) => {
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(message);
  });
});

describe.each(backends)('CORS on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, corsOrigins: [CLIENT, OTHER_CLIENT] });
  const preflight = (method: string, url: string, origin: string) =>
    ctx.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });

  it.each(CALLS)("answers an allowed origin's %s preflight for %s with 204 and the headers the call needs", async (method, url) => {
    for (const origin of [CLIENT, OTHER_CLIENT]) {
      const res = await preflight(method, url, origin);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers['access-control-allow-methods']).split(', ')).toContain(method);
      expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(', ')).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']),
      );
      expect(res.headers['access-control-max-age']).toBe('7200');
      // Bearer tokens, never cookies.
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/Origin/);
    }
  });

  it.each(CALLS)("gives a foreign origin's %s preflight for %s no CORS header at all", async (method, url) => {
    const res = await preflight(method, url, FOREIGN);
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res.headers)).toEqual({});
    // A look-alike of an allowed origin is foreign too.
    const lookalike = await preflight(method, url, `${CLIENT}.evil.example.com`);
    expect(corsHeaders(lookalike.headers)).toEqual({});
  });

  it('lets an allowed origin read answers, errors included, and nobody else', async () => {
    const session = await newSession(ctx.app);
    const list = await ctx.app.inject({ url: '/api/causes/list/', headers: { origin: CLIENT } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(list.headers['access-control-expose-headers']).toBe('Idempotent-Replayed, Retry-After');
    // A client shows 'API {status} {statusText}: {body}' (spec §8): it must be able to read error answers.
    const denied = await ctx.app.inject({ url: '/api/notifications/', headers: { origin: CLIENT, authorization: 'Bearer nope' } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(denied.json()).toMatchObject({ code: 'token_invalid' });
    const missing = await ctx.app.inject({ url: '/api/no-such-thing/', headers: { origin: CLIENT } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(CLIENT);
    const invalid = await ctx.app.inject({ method: 'POST', url: '/api/user/auth/login/', headers: { origin: CLIENT }, payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['access-control-allow-origin']).toBe(CLIENT);
    // A JSON body with Authorization and Idempotency-Key, the way a spec client sends a cart add.
    const { causeId } = await scene(ctx.app);
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add/',
      headers: { origin: CLIENT, ...bearer(session.access), 'idempotency-key': 'cors-add-1' },
      payload: { cause_id: causeId, donation_amount: 10, quantity: 1 },
    });
    expect(add.statusCode).toBe(200);
    expect(add.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(add.json().item).toMatchObject({ cause_id: causeId });

    const foreign = await ctx.app.inject({ url: '/api/causes/list/', headers: { origin: FOREIGN } });
    expect(foreign.statusCode).toBe(200);
    expect(corsHeaders(foreign.headers)).toEqual({});
    // Same-origin calls (our PWA) are untouched.
    const own = await ctx.app.inject({ url: '/api/causes/list/' });
    expect(corsHeaders(own.headers)).toEqual({});
  });

  it('lets any page show media, and an allowed origin fetch it', async () => {
    const session = await newSession(ctx.app);
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 0, g: 107, b: 63 } } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody({ profile_picture: { filename: 'me.png', contentType: 'image/png', data: png } });
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      payload,
      headers: { ...headers, ...bearer(session.access) },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const path = profile.json().profile_picture as string;
    const image = await ctx.app.inject({ url: path, headers: { origin: CLIENT } });
    expect(image.statusCode).toBe(200);
    // helmet's same-origin default would make another site's <img> come up broken.
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(image.headers['access-control-allow-origin']).toBe(CLIENT);
    const plain = await ctx.app.inject({ url: path });
    expect(plain.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Everything else keeps same-origin.
    expect((await ctx.app.inject({ url: '/api/causes/list/' })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('lets the sandbox checkout form send donors back to an allowed client', async () => {
    // The sandbox's checkout form is a document; JSON answers carry no form-action (helmet.ts JSON_CSP).
    const res = await ctx.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain(`form-action 'self' ${CLIENT} ${OTHER_CLIENT}`);
  });
});

describe('CORS without CORS_ORIGINS', () => {
  const ctx = useApp(backends[0]);

  it('answers no preflight and adds no CORS header for anyone', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/causes/list/',
      headers: { origin: CLIENT, 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res.headers)).toEqual({});
    const list = await ctx.app.inject({ url: '/api/causes/list/', headers: { origin: CLIENT } });
    expect(corsHeaders(list.headers)).toEqual({});
  });
});
