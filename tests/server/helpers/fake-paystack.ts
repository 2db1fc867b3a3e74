/**
 * A local stand-in for Paystack's transaction API (POST /transaction/initialize,
 * GET /transaction/verify/:reference) and refunds (POST /refund {transaction, amount}, GET /refund/:id), close to the documented shapes: bearer secret
 * required, { status, message, data } envelopes, amounts in pesewas. Tests decide each
 * transaction's outcome, and may make the provider report another amount or currency.
 * Payouts live in fake-paystack-transfers.ts (banks, resolve, recipients, transfers), plans and
 * subscriptions in fake-paystack-subscriptions.ts, the mobile money Charge API in fake-paystack-charges.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { handleCharges, initCharges, type FakeCharges } from './fake-paystack-charges';
import { handleSubscriptions, initSubscriptions, type FakeSubscriptions } from './fake-paystack-subscriptions';
import { handleTransfers, initTransfers, type FakeTransfers } from './fake-paystack-transfers';

export interface FakeTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: string;
  metadata: unknown;
  callback_url: string;
  access_code: string;
  /** The plan the transaction was initialized with (its amount is what Paystack charges). */
  plan?: string;
  channels?: unknown;
  /** The channel verify reports the donor paid with (Paystack's data.channel); card unless a test says, null = not reported. */
  channel?: string | null;
}

export interface FakeRefund {
  id: number;
  transaction: string;
  amount: number;
  currency: string;
  status: string;
}

export interface FakePaystack extends FakeTransfers, FakeSubscriptions, FakeCharges {
  url: string;
  secret: string;
  transactions: Map<string, FakeTransaction>;
  requests: { method: string; path: string; query: string; authorized: boolean; body: unknown }[];
  /** Makes initialize answer this HTTP status (0 = normal). */
  failInitializeWith: number;
  setOutcome(reference: string, status: string, override?: { amount?: number; currency?: string; channel?: string | null }): void;
  /** POST /refund and GET /refund/:id: refunds by Paystack's numeric id. */
  refunds: Map<number, FakeRefund>;
  /** The status POST /refund answers a new refund with (Paystack queues them: 'pending'). */
  refundStatus: string;
  /** Makes POST /refund answer this HTTP status without recording anything (0 = normal). */
  failRefundWith: number;
  setRefundStatus(id: number, status: string): void;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

export async function startFakePaystack(secret = `sk_test_${randomBytes(12).toString('hex')}`): Promise<FakePaystack> {
  const fake = {
    url: '',
    secret,
    transactions: new Map<string, FakeTransaction>(),
    requests: [],
    failInitializeWith: 0,
    refunds: new Map<number, FakeRefund>(),
    refundStatus: 'pending',
    failRefundWith: 0,
  } as unknown as FakePaystack;
  let refundIds = 1_000;
  initTransfers(fake);
  initSubscriptions(fake);
  initCharges(fake);

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const authorized = request.headers.authorization === `Bearer ${secret}`;
    const body = request.method === 'POST' ? await readJson(request).catch(() => null) : null;
    fake.requests.push({ method: request.method ?? '', path, query: url.search, authorized, body });
    if (!authorized) return send(401, { status: false, message: 'Invalid key' });
    if (handleTransfers(fake, request.method ?? '', url, body, send)) return;
    if (handleSubscriptions(fake, request.method ?? '', url, body, send)) return;
    if (handleCharges(fake, request.method ?? '', url, body, send)) return;

    if (request.method === 'POST' && path === '/transaction/initialize') {
      if (fake.failInitializeWith) return send(fake.failInitializeWith, { status: false, message: 'Something went wrong' });
      const input = body as Record<string, unknown> | null;
      const reference = String(input?.reference ?? '');
      if (!input || typeof input.email !== 'string' || !Number.isInteger(Number(input.amount))) {
        return send(400, { status: false, message: 'Invalid request' });
      }
      if (!/^[A-Za-z0-9.=-]+$/.test(reference)) return send(400, { status: false, message: 'Invalid transaction reference' });
      if (fake.transactions.has(reference)) return send(400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = randomBytes(8).toString('hex');
      // With a plan, Paystack charges the plan's amount (the amount sent is ignored).
      const plan = typeof input.plan === 'string' ? fake.plans.get(input.plan) : undefined;
      if (input.plan !== undefined && !plan) return send(400, { status: false, message: 'Plan not found' });
      fake.transactions.set(reference, {
        reference,
        amount: plan ? plan.amount : Number(input.amount),
        plan: plan?.plan_code,
        channels: input.channels,
        currency: String(input.currency ?? 'NGN'),
        email: input.email,
        // Paystack reports a checkout nobody has paid yet as abandoned.
        status: 'abandoned',
        metadata: input.metadata,
        callback_url: String(input.callback_url ?? ''),
        access_code: accessCode,
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference },
      });
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && verify) {
      const tx = fake.transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: 1,
          domain: 'test',
          status: tx.status,
          reference: tx.reference,
          amount: tx.amount,
          currency: tx.currency,
          gateway_response: tx.status === 'success' ? 'Successful' : 'The transaction was not completed',
          ...(tx.channel === null ? {} : { channel: tx.channel ?? 'card' }),
          metadata: tx.metadata,
          customer: { email: tx.email },
          paid_at: tx.status === 'success' ? new Date().toISOString() : null,
        },
      });
    }
    if (request.method === 'POST' && path === '/refund') {
      if (fake.failRefundWith) return send(fake.failRefundWith, { status: false, message: 'Refund could not be created' });
      const input = body as { transaction?: unknown; amount?: unknown } | null;
      const tx = fake.transactions.get(String(input?.transaction ?? ''));
      if (!tx || tx.status !== 'success') return send(400, { status: false, message: 'Transaction not found or not successful' });
      const already = [...fake.refunds.values()]
        .filter((r) => r.transaction === tx.reference && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = input?.amount === undefined ? tx.amount - already : Number(input.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount + already > tx.amount) {
        return send(400, { status: false, message: 'Refund amount cannot be more than the transaction amount' });
      }
      const refund: FakeRefund = { id: ++refundIds, transaction: tx.reference, amount, currency: tx.currency, status: fake.refundStatus };
      fake.refunds.set(refund.id, refund);
      return send(200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: { reference: tx.reference, amount: tx.amount },
          id: refund.id,
          amount,
          currency: tx.currency,
          status: refund.status,
        },
      });
    }

    const refundPath = /^\/refund\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && refundPath) {
      const refund = fake.refunds.get(Number(decodeURIComponent(refundPath[1])));
      if (!refund) return send(404, { status: false, message: 'Refund not found' });
      return send(200, {
        status: true,
        message: 'Refund retrieved',
        data: { id: refund.id, transaction: refund.transaction, amount: refund.amount, currency: refund.currency, status: refund.status },
      });
    }
    return send(404, { status: false, message: 'Not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.setOutcome = (reference, status, override = {}) => {
    const tx = fake.transactions.get(reference);
    if (!tx) throw new Error(`fake paystack: unknown reference ${reference}`);
    Object.assign(tx, { status }, override);
  };
  fake.setRefundStatus = (id, status) => {
    const refund = fake.refunds.get(id);
    if (!refund) throw new Error(`fake paystack: unknown refund ${id}`);
    refund.status = status;
  };
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/**
 * A fake Paystack for one describe block, started before its app is built (call this before useApp)
 * and closed after: `payments` is the app's payment settings, `fake` the running fake.
 */
export function useFakePaystack() {
  let running: FakePaystack | undefined;
  const payments = { provider: 'paystack' as const, paystackSecretKey: '', paystackBaseUrl: '' };
  beforeAll(async () => {
    running = await startFakePaystack();
    payments.paystackSecretKey = running.secret;
    payments.paystackBaseUrl = running.url;
  });
  afterAll(async () => running?.close());
  return {
    payments,
    get fake(): FakePaystack {
      if (!running) throw new Error('the fake Paystack starts in beforeAll');
      return running;
    },
  };
}
