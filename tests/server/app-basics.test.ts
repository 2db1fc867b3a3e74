import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backends } from './helpers/backends';
import { tempDir, testConfig, useApp } from './helpers/app';

describe.each(backends)('app basics on $name', (backend) => {
  const ctx = useApp(backend, { googleAuthUrl: 'https://accounts.google.com/o/oauth2/auth?x=1' });

  it('answers health with and without the trailing slash', async () => {
    for (const url of ['/api/health/', '/api/health']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('has no /metrics unless METRICS_TOKEN or METRICS_PORT is set: an unknown route, not the web app', async () => {
    expect(ctx.app.metrics).toBeNull();
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything-at-all-0123' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('exposes public client config', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config/' });
    expect(res.json()).toEqual({ google_auth_url: 'https://accounts.google.com/o/oauth2/auth?x=1', facebook_auth_url: null });
  });

  it('answers JSON 404 for unknown API routes and methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope/'],
      ['POST', '/api/health/'],
      ['DELETE', '/api/user/profile/'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('serves an OpenAPI document listing the routes', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      const paths = Object.keys(doc.paths).map((p) => p.replace(/\/$/, ''));
      for (const route of [
        '/api/health',
        '/api/config',
        '/api/user/auth/signup',
        '/api/user/auth/login',
        '/api/user/auth/logout',
        '/api/user/token/refresh',
        '/api/user/profile',
        '/media/{hash}',
      ]) {
        expect(paths, route).toContain(route);
      }
      const signup = doc.paths[Object.keys(doc.paths).find((p) => p.startsWith('/api/user/auth/signup'))!].post;
      expect(Object.keys(signup.requestBody.content['application/json'].schema.properties)).toEqual([
        'first_name',
        'last_name',
        'email',
        'password',
        'password2',
        // Beyond the spec's five, optional: the language the account's mail and receipts speak.
        'locale',
      ]);
    }
  });

  it('sends security headers with a PWA-friendly CSP', async () => {
    // A document (here the page telling the user to build the web app; the built pages: data-lite.test.ts).
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('sends JSON answers a policy that allows nothing instead of the document headers', async () => {
    for (const url of ['/api/health/', '/api/no-such-thing/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      for (const name of ['x-frame-options', 'cross-origin-opener-policy', 'strict-transport-security', 'origin-agent-cluster'])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('tells the user to build the web app when dist is missing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
  });

  it('answers 500 with a generic body and no internals when something breaks', async () => {
    await ctx.app.db.execute(sql`DROP TABLE media`);
    const res = await ctx.app.inject({ method: 'GET', url: `/media/${'a'.repeat(64)}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Something went wrong on our side.', code: 'server_error' });
  });
});

describe('static web app', () => {
  let app: FastifyInstance;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const tmp = await tempDir();
    remove = tmp.remove;
    await mkdir(path.join(tmp.dir, 'assets'));
    await writeFile(path.join(tmp.dir, 'index.html'), '<!doctype html><title>Boafo</title><div id="root"></div>');
    await writeFile(path.join(tmp.dir, 'assets', 'index-abc123.js'), 'console.log("boafo")');
    await writeFile(path.join(tmp.dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(tmp.dir, 'manifest.webmanifest'), '{"name":"Boafo"}');
    // The build writes compressed twins; the server must prefer them when the client accepts them.
    await writeFile(path.join(tmp.dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("boafo")'));
    app = await buildApp(testConfig(null, { webDistDir: tmp.dir }));
  });
  afterAll(async () => {
    await app?.close();
    await remove?.();
  });

  it('serves index.html at / without caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets forever and never the service worker or manifest', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the precompressed brotli twin when the client accepts it, with the same caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("boafo")');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("boafo")');
  });

  it('falls back to index.html for client routes but not for API, media or missing assets', async () => {
    const page = await app.inject({ method: 'GET', url: '/causes/123?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    for (const url of ['/api/unknown/', '/media/abc', '/assets/missing.js', '/sandbox/pay']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});
