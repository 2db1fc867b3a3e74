/**
 * After paying, a donor comes back to the /payment-status of the site that started the payment:
 * an allowed client (CORS_ORIGINS, by its Origin header or an explicit return_url), else our own
 * app; never a foreign site. Sandbox and Paystack (callback_url) alike; the origin is stored on
 * the payment.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { useFakePaystack } from './helpers/fake-paystack';
import { one, scene } from './helpers/giving';

const OURS = 'https://boafo.test';
const CLIENT = 'http://127.0.0.1:4173';
const FOREIGN = 'https://evil.example.com';

function startDonation(app: FastifyInstance, causeId: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/cart/donate/',
    headers,
    payload: { cause_id: causeId, donation_amount: '15.00', email: 'kofi.return@example.com', ...extra },
  });
}

async function storedOrigin(app: FastifyInstance, reference: string): Promise<string | null> {
  return (await one<{ o: string | null }>(app, sql`SELECT return_origin AS o FROM payments WHERE reference = ${reference}`)).o;
}

describe.each(backends)('payment return on $name (sandbox)', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: OURS, corsOrigins: [CLIENT] });

  /** Pays on the sandbox checkout (the form post a browser makes) and answers where it redirects. */
  async function payAndFollow(reference: string): Promise<string> {
    const page = await ctx.app.inject({ url: `/sandbox/checkout/${reference}/` });
    expect(page.statusCode).toBe(200);
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${reference}/`,
      payload: 'method=card&outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    // The page's link back (once decided) goes to the same place.
    const decided = await ctx.app.inject({ url: `/sandbox/checkout/${reference}/` });
    expect(decided.body).toContain(`href="${pay.headers.location!.replace(/&/g, '&#38;')}"`);
    return pay.headers.location as string;
  }

  it("returns a payment started by an allowed client to that client's own /payment-status", async () => {
    const { causeId } = await scene(ctx.app);
    const res = await startDonation(ctx.app, causeId, { origin: CLIENT });
    expect(res.statusCode, res.body).toBe(200);
    const { reference, authorization_url: checkout } = res.json();
    // The checkout itself is ours (the sandbox page); only the way back belongs to the client.
    expect(checkout.startsWith(`${OURS}/sandbox/checkout/`)).toBe(true);
    expect(await storedOrigin(ctx.app, reference)).toBe(CLIENT);
    expect(await payAndFollow(reference)).toBe(`${CLIENT}/payment-status?reference=${reference}`);
    // JSON callers of the sandbox get the same address.
    const late = await ctx.app.inject({ method: 'POST', url: `/sandbox/checkout/${reference}/`, payload: { outcome: 'failed' } });
    expect(late.json()).toEqual({ redirect: `${CLIENT}/payment-status?reference=${reference}` });
  });

  it('keeps our own app (no Origin, our own Origin, a foreign Origin) on our /payment-status', async () => {
    const { causeId } = await scene(ctx.app);
    for (const headers of [{}, { origin: OURS }, { origin: FOREIGN }, { origin: 'null' }] as Record<string, string>[]) {
      const res = await startDonation(ctx.app, causeId, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      const { reference } = res.json();
      expect(await storedOrigin(ctx.app, reference)).toBeNull();
      expect(await payAndFollow(reference)).toBe(`${OURS}/payment-status?reference=${reference}`);
    }
  });

  it('takes an explicit return_url on an allowed origin, and refuses any other before creating anything', async () => {
    const { causeId } = await scene(ctx.app);
    // Through a same-origin proxy the Origin is the proxy's; the client names where it lives.
    const named = await startDonation(ctx.app, causeId, {}, { return_url: `${CLIENT}/shop/payment-status?x=1` });
    expect(named.statusCode, named.body).toBe(200);
    expect(await payAndFollow(named.json().reference)).toBe(`${CLIENT}/payment-status?reference=${named.json().reference}`);
    const own = await startDonation(ctx.app, causeId, { origin: CLIENT }, { return_url: `${OURS}/anything` });
    expect(await storedOrigin(ctx.app, own.json().reference)).toBeNull();

    const count = async () => (await one<{ n: number }>(ctx.app, sql`SELECT count(*)::int AS n FROM payments`)).n;
    const before = await count();
    for (const returnUrl of [`${FOREIGN}/payment-status`, 'javascript:alert(1)', 'not a url', `${CLIENT}.evil.example.com/`]) {
      const refused = await startDonation(ctx.app, causeId, { origin: CLIENT }, { return_url: returnUrl });
      expect(refused.statusCode, returnUrl).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_error', errors: { return_url: [expect.stringContaining('CORS_ORIGINS')] } });
    }
    expect(await count()).toBe(before);
  });

  it('returns cart checkouts and payments/initiate to the client too', async () => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const cartId = crypto.randomUUID();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add/',
      headers: bearer(donor.access),
      payload: { cart_id: cartId, cause_id: causeId, donation_amount: 10 },
    });
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/checkout/',
      headers: { ...bearer(donor.access), origin: CLIENT },
      payload: { cart_id: cartId },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await payAndFollow(checkout.json().reference)).toBe(`${CLIENT}/payment-status?reference=${checkout.json().reference}`);

    const donation = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/',
      payload: { cause_id: causeId, donation_amount: '8.00', email: 'yaw.initiate@example.com' },
    });
    expect(donation.statusCode).toBe(201);
    const initiate = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/initiate/',
      headers: { origin: CLIENT },
      payload: { donation_id: donation.json().id, email: 'yaw.initiate@example.com', amount: '8.00' },
    });
    expect(initiate.statusCode, initiate.body).toBe(200);
    expect(await payAndFollow(initiate.json().reference)).toBe(`${CLIENT}/payment-status?reference=${initiate.json().reference}`);
    const another = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/',
      payload: { cause_id: causeId, donation_amount: '9.00', email: 'yaw.initiate@example.com' },
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/initiate/',
      payload: { donation_id: another.json().id, email: 'yaw.initiate@example.com', return_url: FOREIGN },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('return_url');
    // Refused before a payment existed: the donation can still be paid.
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/initiate/',
      payload: { donation_id: another.json().id, email: 'yaw.initiate@example.com' },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await storedOrigin(ctx.app, retry.json().reference)).toBeNull();
  });
});

describe.each(backends)('payment return on $name (Paystack callback_url)', (backend) => {
  const paystack = useFakePaystack();
  const { payments } = paystack;
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: OURS, corsOrigins: [CLIENT], payments });

  it("hands Paystack the allowed client's /payment-status, and ours otherwise", async () => {
    const { causeId } = await scene(ctx.app);
    const fromClient = (await startDonation(ctx.app, causeId, { origin: CLIENT })).json();
    expect(paystack.fake.transactions.get(fromClient.reference)!.callback_url).toBe(`${CLIENT}/payment-status`);
    const fromUs = (await startDonation(ctx.app, causeId, {})).json();
    expect(paystack.fake.transactions.get(fromUs.reference)!.callback_url).toBe(`${OURS}/payment-status`);
    const fromForeign = (await startDonation(ctx.app, causeId, { origin: FOREIGN })).json();
    expect(paystack.fake.transactions.get(fromForeign.reference)!.callback_url).toBe(`${OURS}/payment-status`);
  });
});
