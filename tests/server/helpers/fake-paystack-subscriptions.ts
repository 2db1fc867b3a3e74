/**
 * The plans-and-subscriptions half of the fake Paystack, after the documented API
 * (https://paystack.com/docs/api/plan/, https://paystack.com/docs/api/subscription/,
 * https://paystack.com/docs/payments/subscriptions/): POST /plan, GET /subscription/:code and
 * POST /subscription/disable {code, token}. Initializing a transaction with `plan` charges the
 * plan's amount; once that first charge succeeds, `subscribe` makes the subscription and gives the
 * `subscription.create` event; `renew` is a later month: a new transaction under Paystack's own
 * reference and its `charge.success` (or `invoice.payment_failed`) event, for the test to deliver.
 */
import { randomBytes } from 'node:crypto';
import type { FakeTransaction } from './fake-paystack';

export interface FakePlan {
  plan_code: string;
  name: string;
  amount: number;
  interval: string;
  currency: string;
}

export interface FakeSubscription {
  subscription_code: string;
  email_token: string;
  plan_code: string;
  email: string;
  amount: number;
  status: 'active' | 'complete' | 'cancelled' | 'non-renewing' | 'attention';
}

interface Transactions {
  transactions: Map<string, FakeTransaction>;
}

export interface FakeSubscriptions {
  plans: Map<string, FakePlan>;
  subscriptions: Map<string, FakeSubscription>;
  /** After the first charge with a plan succeeded: the subscription, and Paystack's subscription.create event. */
  subscribe(reference: string): { subscription: FakeSubscription; event: unknown };
  /** A later month: its transaction (success or failed) and the event Paystack sends for it. */
  renew(subscriptionCode: string, outcome?: 'success' | 'failed'): { reference: string; event: unknown };
}

type Send = (status: number, body: unknown) => void;

const code = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

export function initSubscriptions(fake: FakeSubscriptions & Transactions): void {
  fake.plans = new Map();
  fake.subscriptions = new Map();
  const planObject = (plan: FakePlan) => ({
    id: 1,
    name: plan.name,
    plan_code: plan.plan_code,
    amount: plan.amount,
    interval: plan.interval,
    currency: plan.currency,
  });
  const subscriptionObject = (sub: FakeSubscription) => ({
    status: sub.status,
    subscription_code: sub.subscription_code,
    email_token: sub.email_token,
    amount: sub.amount,
    cron_expression: '0 0 26 * *',
    next_payment_date: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
    open_invoice: null,
  });

  fake.subscribe = (reference) => {
    const tx = fake.transactions.get(reference);
    const plan = tx?.plan ? fake.plans.get(tx.plan) : undefined;
    if (!tx || !plan || tx.status !== 'success') throw new Error(`fake paystack: ${reference} is not a paid plan transaction`);
    const subscription: FakeSubscription = {
      subscription_code: code('SUB'),
      email_token: randomBytes(8).toString('hex'),
      plan_code: plan.plan_code,
      email: tx.email,
      amount: plan.amount,
      status: 'active',
    };
    fake.subscriptions.set(subscription.subscription_code, subscription);
    const event = {
      event: 'subscription.create',
      data: {
        domain: 'test',
        ...subscriptionObject(subscription),
        plan: planObject(plan),
        customer: { email: tx.email },
        created_at: new Date().toISOString(),
      },
    };
    return { subscription, event };
  };

  fake.renew = (subscriptionCode, outcome = 'success') => {
    const sub = fake.subscriptions.get(subscriptionCode);
    if (!sub || sub.status !== 'active') throw new Error(`fake paystack: no active subscription ${subscriptionCode}`);
    const plan = fake.plans.get(sub.plan_code)!;
    // Paystack names the transactions it starts itself.
    const reference = `T${randomBytes(6).toString('hex')}`;
    fake.transactions.set(reference, {
      reference,
      amount: plan.amount,
      currency: plan.currency,
      email: sub.email,
      status: outcome,
      plan: plan.plan_code,
      metadata: null,
      callback_url: '',
      access_code: '',
    });
    const event =
      outcome === 'success'
        ? {
            event: 'charge.success',
            data: {
              id: 2,
              domain: 'test',
              status: 'success',
              reference,
              amount: plan.amount,
              currency: plan.currency,
              plan: planObject(plan),
              customer: { email: sub.email },
            },
          }
        : {
            event: 'invoice.payment_failed',
            data: {
              domain: 'test',
              invoice_code: code('INV'),
              amount: plan.amount,
              status: 'failed',
              paid: false,
              paid_at: null,
              subscription: subscriptionObject(sub),
              customer: { email: sub.email },
              transaction: { reference, status: 'failed', amount: plan.amount, currency: plan.currency },
            },
          };
    return { reference, event };
  };
}

/** Answers the plan and subscription endpoints; false when the request is for another part of the API. */
export function handleSubscriptions(fake: FakeSubscriptions, method: string, url: URL, body: unknown, send: Send): boolean {
  const input = (body ?? {}) as Record<string, unknown>;
  if (method === 'POST' && url.pathname === '/plan') {
    const intervals = ['daily', 'weekly', 'monthly', 'quarterly', 'biannually', 'annually'];
    if (typeof input.name !== 'string' || !Number.isInteger(input.amount) || !intervals.includes(String(input.interval))) {
      send(400, { status: false, message: 'Invalid plan' });
      return true;
    }
    const plan: FakePlan = {
      plan_code: code('PLN'),
      name: input.name,
      amount: Number(input.amount),
      interval: String(input.interval),
      currency: String(input.currency ?? 'NGN'),
    };
    fake.plans.set(plan.plan_code, plan);
    send(201, { status: true, message: 'Plan created', data: { ...plan, id: fake.plans.size, send_invoices: true, send_sms: true } });
    return true;
  }
  const one = /^\/subscription\/([^/]+)$/.exec(url.pathname);
  if (method === 'GET' && one && one[1] !== 'disable') {
    const sub = fake.subscriptions.get(decodeURIComponent(one[1]));
    if (!sub) send(404, { status: false, message: 'Subscription not found' });
    else send(200, { status: true, message: 'Subscription retrieved', data: { ...sub, plan: fake.plans.get(sub.plan_code) } });
    return true;
  }
  if (method === 'POST' && url.pathname === '/subscription/disable') {
    const sub = fake.subscriptions.get(String(input.code ?? ''));
    if (!sub || sub.email_token !== input.token || sub.status === 'cancelled') {
      send(400, { status: false, message: 'Subscription with code not found or already inactive' });
      return true;
    }
    sub.status = 'cancelled';
    send(200, { status: true, message: 'Subscription disabled successfully' });
    return true;
  }
  return false;
}
