/**
 * Walks every operation of /api/docs with hostile input (helpers/hostile.ts) as a signed-in
 * user, or as an admin where the user is turned away, and again as an admin on the routes
 * where admins may do more. No answer may be a 5xx; every error must be our error shape
 * with nothing internal in it; NUL in any field or parameter is a 400 naming that field.
 */
import { connect } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api-errors';
import { backends } from './helpers/backends';
import { bearer, useApp } from './helpers/app';
import { ADMIN, createCause } from './helpers/causes';
import { donate, paymentRow, sandboxDecide, scene } from './helpers/giving';
import { ALWAYS_400, hostileCases, nestedArray, operationsOf, type HostileCase, type Operation } from './helpers/hostile';

const CODES = new Set<string>(ERROR_CODES);
const LEAKS = /node_modules|\.ts:\d|\bat [\w.<>]+ \(|\bFST_|\b(SELECT|INSERT|UPDATE|DELETE) [a-z*]|syntax error|\bstack\b|Error:/;

/** What is wrong with an answer, or null. */
export function problemWith(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `content-type ${res.headers['content-type']}`;
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return 'body is not JSON';
  }
  const extra = Object.keys(body).filter((k) => !['detail', 'code', 'errors'].includes(k));
  if (extra.length) return `unexpected keys ${extra.join(',')}`;
  if (typeof body.detail !== 'string' || !body.detail) return 'detail missing';
  if (typeof body.code !== 'string' || !CODES.has(body.code)) return `code ${String(body.code)}`;
  if (LEAKS.test(body.detail)) return `detail leaks: ${body.detail}`;
  if (body.errors !== undefined) {
    const errors = body.errors as Record<string, unknown>;
    if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return 'errors is not an object';
    for (const [field, messages] of Object.entries(errors)) {
      if (!Array.isArray(messages) || messages.some((m) => typeof m !== 'string')) return `errors.${field} is not a list of strings`;
      if (messages.some((m) => LEAKS.test(m))) return `errors.${field} leaks`;
    }
  }
  return null;
}

/**
 * NUL must be refused before any handler runs, 400 naming the field; unreadable or too deep
 * bodies are 400 too. Auth and rate limits may answer first.
 */
function refusalProblem(c: HostileCase, res: LightMyRequestResponse): string | null {
  const nul = c.kind.startsWith('nul-');
  if (!nul && !ALWAYS_400.has(c.kind)) return null;
  // Idempotency-Key belongs to the API; the sandbox checkout page ignores it.
  if (c.kind === 'nul-idempotency-key' && !c.url.startsWith('/api/')) return null;
  if ([401, 403, 429].includes(res.statusCode)) return null;
  if (res.statusCode !== 400) return `${c.kind} answered ${res.statusCode}`;
  if (!nul || c.kind === 'nul-idempotency-key') return null;
  const fields = Object.keys(res.json().errors ?? {});
  const name = c.field?.split('.').pop();
  if (name && !fields.includes(name)) return `NUL error names ${fields.join(',') || 'no field'}, not ${name}`;
  return null;
}

describe.each(backends)('hostile input on every documented operation on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

  async function fixtures(app: FastifyInstance) {
    const { admin, organizer, causeId } = await scene(app);
    const draft = await createCause(app, organizer.access);
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/add/',
      headers: bearer(organizer.access),
      payload: { cause_id: causeId, donation_amount: '5.00' },
    });
    const cart = added.json();
    const payment = await donate(app, causeId, '7.00', {}, organizer.access);
    const asAdmin = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers: bearer(admin.access), payload }).then((r) => r.json());
    const post = await asAdmin('/api/blog-posts/', { title: 'Hostile fixtures', content: 'Text.' });
    const story = await asAdmin('/api/success-stories/', { title: 'A story', description: 'It worked.' });
    const testimonial = await asAdmin('/api/testimonials/', { text: 'Great.', author: 'Ama' });
    const notes = (await app.inject({ url: '/api/notifications/', headers: bearer(admin.access) })).json();
    // A flagged payment: the sandbox "charged" less than asked.
    const flagged = await donate(app, causeId, '9.00', {}, organizer.access);
    await sandboxDecide(app, flagged.reference, 'success', { amount: 100 });
    await app.inject({ url: `/api/payments/verify/${flagged.reference}/` });
    const flaggedId = (await paymentRow(app, flagged.reference)).id;
    return { admin, organizer, causeId, draftId: draft.id as string, cart, payment, post, story, testimonial, notes, flaggedId };
  }

  it('answers every hostile request with a 4xx in the error shape', async () => {
    const { app } = ctx;
    const f = await fixtures(app);
    const doc = (await app.inject({ url: '/api/docs' })).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(60);

    const pathValue = (path: string, name: string): string => {
      if (name === 'cart_id') return f.cart.cart_id;
      if (name === 'item') return f.cart.item.id;
      if (name === 'reference') return f.payment.reference;
      if (name === 'slug') return f.post.slug;
      if (name === 'hash') return 'a'.repeat(64);
      if (path.includes('/success-stories/')) return f.story.id;
      if (path.includes('/testimonials/')) return f.testimonial.id;
      if (path.includes('/notifications/')) return f.notes.results[0]?.id ?? crypto.randomUUID();
      if (path.includes('/withdrawals/')) return crypto.randomUUID();
      if (path.includes('/admin/payments/')) return f.flaggedId;
      if (path.includes('/user/profiles/')) return f.organizer.id;
      if (path.startsWith('/api/causes/{id}/') && path.endsWith('{id}/')) return f.draftId;
      return f.causeId;
    };
    const overrides = {
      email: f.organizer.email,
      password: 'wrong-password-1',
      password2: 'wrong-password-1',
      refresh: 'not-a-refresh-token',
      cause_id: f.causeId,
      cart_id: f.cart.cart_id,
      donation_amount: '5.00',
      amount: '5.00',
      target_amount: '1000.00',
      donation_id: crypto.randomUUID(),
      month: '2024-05',
      endpoint: 'https://push.example.com/send/1',
      reason: 'Because.',
      organizer_id: f.organizer.id,
      category: 'Health',
      category_data: '{"name":"Health"}',
      withdrawal_address: null,
      action: 'credit',
      note: 'Checked with the provider.',
    };

    // Who may call an operation: a body that cannot parse stops every route after its auth check, so nothing runs.
    const roles = new Map<Operation, 'user' | 'admin'>();
    for (const op of operations) {
      const probe = await app.inject({
        method: op.method as 'GET',
        url: op.path.replace(/\{[^}]+\}/g, 'probe'),
        headers: { ...bearer(f.organizer.access), 'content-type': 'application/json' },
        payload: op.method === 'GET' ? undefined : '{',
      });
      roles.set(op, probe.statusCode === 403 ? 'admin' : 'user');
    }
    // Each operation as its intended caller, again as an admin (admins see and may do more:
    // any cause, any organizer), and as a guest where no sign-in is required (guest carts, donations).
    const runs: { op: Operation; token: string | null }[] = [];
    for (const op of operations) {
      const adminOnly = roles.get(op) === 'admin';
      runs.push({ op, token: adminOnly ? f.admin.access : f.organizer.access });
      if (adminOnly) continue;
      runs.push({ op, token: f.admin.access });
      if (!JSON.stringify(doc.paths[op.path][op.method.toLowerCase()].security ?? []).includes('bearer')) runs.push({ op, token: null });
    }

    const failures = new Map<string, string>();
    let sent = 0;
    for (const { op, token } of runs) {
      const cases = hostileCases(op, { overrides, pathValue, authFor: () => (token ? bearer(token) : {}) });
      for (const c of cases) {
        const res = await app.inject({ method: c.method as 'POST', url: c.url, headers: c.headers, payload: c.payload });
        sent += 1;
        const problem = problemWith(res) ?? refusalProblem(c, res);
        if (problem) failures.set(`${c.method} ${op.path} ${c.kind} ${c.field ?? ''}`, `${problem} ${res.body.slice(0, 160)}`);
      }
    }
    console.log(`hostile input on ${backend.name}: ${sent} requests to ${operations.length} operations, ${failures.size} failing cases`);
    expect([...failures].map(([where, what]) => `${where}: ${what}`)).toEqual([]);
    // ~20 s on an idle 2-core machine; the margin is for a machine shared with other work.
  }, 240_000);

  it("answers Fastify's own refusals in the error shape, without its internal words", async () => {
    const { app } = ctx;
    const cases: [string, InjectOptions, number, string][] = [
      ['bad percent-encoding', { url: '/api/blog-posts/%E0%A4%A/' }, 400, 'validation_error'],
      ['too long a path parameter', { url: `/api/causes/details/${'a'.repeat(200)}/` }, 414, 'validation_error'],
      ['unknown API route', { url: '/api/no-such-thing/' }, 404, 'not_found'],
      ['unknown route, not a page', { method: 'POST', url: '/no-such-page' }, 404, 'not_found'],
      ['unknown method', { method: 'PATCH', url: '/api/causes/list/' }, 404, 'not_found'],
      [
        'body too large',
        {
          method: 'POST',
          url: '/api/user/auth/login/',
          headers: { 'content-type': 'application/json' },
          payload: `{"email":"${'a'.repeat(2 * 1024 * 1024)}"}`,
        },
        413,
        'payload_too_large',
      ],
      [
        'unsupported content type',
        { method: 'POST', url: '/api/user/auth/login/', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
        415,
        'unsupported_media',
      ],
      [
        'broken JSON',
        { method: 'POST', url: '/api/user/auth/login/', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.c",' },
        400,
        'validation_error',
      ],
      [
        'empty JSON body',
        { method: 'POST', url: '/api/user/auth/login/', headers: { 'content-type': 'application/json' }, payload: '' },
        400,
        'validation_error',
      ],
      [
        'deep JSON to the raw-body webhook',
        { method: 'POST', url: '/api/payments/webhook/', headers: { 'content-type': 'application/json' }, payload: nestedArray(100) },
        400,
        'validation_error',
      ],
      [
        'prototype poisoning',
        {
          method: 'POST',
          url: '/api/user/auth/login/',
          headers: { 'content-type': 'application/json' },
          payload: '{"__proto__":{"x":1},"email":"a@b.c","password":"p"}',
        },
        400,
        'validation_error',
      ],
    ];
    for (const [label, request, status, code] of cases) {
      const res = await app.inject(request);
      expect(res.statusCode, label).toBe(status);
      expect(problemWith(res), label).toBeNull();
      expect(res.json().code, label).toBe(code);
      expect(res.body, label).not.toMatch(/FST_|statusCode|"error"|"message"/);
    }
  });

  it('answers a request Node cannot even parse in the error shape', async () => {
    const { app } = ctx;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk;
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const request of ['GARBAGE\r\n\r\n', 'GET /api/health/ HTTP/1.1\r\nHost: x\r\nBad\u0000Header: 1\r\n\r\n']) {
      const answer = await raw(request);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body).toEqual({ detail: 'The request could not be read.', code: 'validation_error' });
    }
  });
});
