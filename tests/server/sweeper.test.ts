/**
 * The money sweeper: pending payments are re-verified with the provider and settled (credited
 * exactly once) or, with no outcome for long enough, abandoned; withdrawals stuck approved or
 * processing are re-checked without a second transfer; two processes sweeping one database
 * never double-credit; the timer runs on its own and stops with the app.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { sweepOnce } from '../../src/server/jobs/sweeper';
import type { SandboxProvider } from '../../src/server/payments/sandbox';
import { backends } from './helpers/backends';
import { bearer, testConfig, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { useFakePaystack } from './helpers/fake-paystack';
import { currentAmount, donate, notificationCount, one, paymentRow, scene } from './helpers/giving';
import { fund, requestWithdrawal, useDetails, withdrawalRow } from './helpers/payouts';

const MANUAL = { ...loadConfig({}).sweeper, intervalSeconds: 0 };

/** Moves a payment's start (and last sweep) back in time, as if the donor left it long ago. */
async function age(app: FastifyInstance, reference: string, minutes: number) {
  await app.db.execute(sql`UPDATE payments SET created_at = now() - make_interval(mins => ${minutes}), swept_at = NULL
    WHERE reference = ${reference}`);
}

const sandbox = (app: FastifyInstance) => app.payments as SandboxProvider;

describe.each(backends)('money sweeper on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, sweeper: MANUAL });

  it('settles a payment the donor paid but never came back for, crediting it exactly once', async () => {
    const { app } = ctx;
    const { causeId, organizer } = await scene(app);
    const { reference } = await donate(app, causeId, '40.00');
    await sandbox(app).decide(reference, 'success', 'card');
    // Too young: the donor may still be on the provider's page.
    await age(app, reference, 2);
    expect((await sweepOnce(app)).paymentsChecked).toBe(0);

    await age(app, reference, 10);
    const report = await sweepOnce(app);
    expect(report).toMatchObject({ paymentsChecked: 1, paymentsSettled: 1 });
    expect((await paymentRow(app, reference)).status).toBe('success');
    expect(await currentAmount(app, causeId)).toBe(4000);
    expect(await notificationCount(app, organizer.id, 'New donation')).toBe(1);

    // Again, and through every other path: still credited once.
    await age(app, reference, 30);
    expect((await sweepOnce(app)).paymentsChecked).toBe(0);
    expect((await app.inject({ url: `/api/payments/verify/${reference}/` })).json().status).toBe('success');
    expect(await currentAmount(app, causeId)).toBe(4000);
    expect(await notificationCount(app, organizer.id, 'New donation')).toBe(1);
  });

  it('re-checks an unpaid payment once per period and abandons it after the abandon age', async () => {
    const { app } = ctx;
    const { causeId } = await scene(app);
    const { reference } = await donate(app, causeId, '15.00');
    await age(app, reference, 10);
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 1, paymentsSettled: 0, paymentsExpired: 0 });
    expect((await paymentRow(app, reference)).status).toBe('pending');
    // Claimed just now: not due again until the recheck period has passed.
    expect((await sweepOnce(app)).paymentsChecked).toBe(0);

    await age(app, reference, 61);
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 1, paymentsExpired: 1 });
    expect((await paymentRow(app, reference)).status).toBe('abandoned');
    const donation = await one<{ status: string }>(app, sql`SELECT status FROM donations WHERE reference = ${reference}`);
    expect(donation.status).toBe('abandoned');
    expect(await currentAmount(app, causeId)).toBe(0);
  });

  it('records a failure the provider reports', async () => {
    const { app } = ctx;
    const { causeId } = await scene(app);
    const { reference } = await donate(app, causeId, '9.00');
    await sandbox(app).decide(reference, 'failed', 'card');
    await age(app, reference, 6);
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 1, paymentsSettled: 1 });
    expect((await paymentRow(app, reference)).status).toBe('failed');
  });

  it('re-checks withdrawals left approved or processing, and never sends a second transfer', async () => {
    const { app } = ctx;
    const { causeId, organizer } = await scene(app);
    await useDetails(app, organizer.access);
    await fund(app, causeId, 50_000);
    const ids: string[] = [];
    for (const amount of ['100.00', '200.00']) {
      const res = await requestWithdrawal(app, organizer.access, causeId, amount);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const [approvedOnly, sentUnrecorded] = ids;
    // A process died right after approving (nothing sent) …
    await app.db.execute(
      sql`UPDATE withdrawals SET status = 'approved', updated_at = now() - interval '20 minutes' WHERE id = ${approvedOnly}`,
    );
    // … and another right after the provider took the transfer, before recording its answer.
    const { reference } = await withdrawalRow(app, sentUnrecorded);
    await app.db.execute(sql`UPDATE withdrawals SET status = 'processing', provider_status = 'sending', recipient_code = 'RCP_sandbox',
      updated_at = now() - interval '20 minutes' WHERE id = ${sentUnrecorded}`);
    await sandbox(app).initiateTransfer({ amount: 20_000, recipient: 'RCP_sandbox', reference, reason: 'test' });

    expect(await sweepOnce(app)).toMatchObject({ withdrawalsChecked: 2, withdrawalsSettled: 2 });
    expect((await withdrawalRow(app, approvedOnly)).status).toBe('paid');
    expect((await withdrawalRow(app, sentUnrecorded)).status).toBe('paid');
    const transfers = await one<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM sandbox_transfers WHERE reference = ${reference}`);
    expect(transfers.n).toBe(1);
    expect((await sweepOnce(app)).withdrawalsChecked).toBe(0);
  });

  it('stops after the item it is on when the process shuts down, leaving the rest for a later sweep', async () => {
    const { app } = ctx;
    const { causeId } = await scene(app);
    const references = [];
    for (const amount of ['11.00', '12.00', '13.00']) {
      const { reference } = await donate(app, causeId, amount);
      await sandbox(app).decide(reference, 'success', 'card');
      await age(app, reference, 10);
      references.push(reference);
    }
    // Asked before each item: the shutdown comes while the first payment is being checked.
    let asked = 0;
    const report = await sweepOnce(app, () => ++asked > 1);
    expect(report).toMatchObject({ paymentsChecked: 1, paymentsSettled: 1, withdrawalsChecked: 0 });
    const statuses = await Promise.all(references.map(async (reference) => (await paymentRow(app, reference)).status));
    expect(statuses.filter((status) => status === 'success')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'pending')).toHaveLength(2);
    // Claimed and not reached: due again after the recheck period, then settled.
    for (const reference of references) await age(app, reference, 10);
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 2, paymentsSettled: 2 });
  });
});

describe.runIf(backends.length > 0)('the sweeper timer', () => {
  const ctx = useApp(backends[0], { admin: ADMIN, sweeper: { ...MANUAL, intervalSeconds: 1 } });

  it('settles a stuck payment by itself', async () => {
    const { app } = ctx;
    const { causeId } = await scene(app);
    const { reference } = await donate(app, causeId, '12.00');
    await sandbox(app).decide(reference, 'success', 'mobile_money');
    await age(app, reference, 10);
    for (let i = 0; i < 100 && (await paymentRow(app, reference)).status === 'pending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await paymentRow(app, reference)).status).toBe('success');
    expect(await currentAmount(app, causeId)).toBe(1200);
  });
});

describe.each(backends)('money sweeper with Paystack (a local paystack.fake) on $name', (backend) => {
  const paystack = useFakePaystack();
  const { payments } = paystack;
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test', payments, sweeper: MANUAL });

  it('asks Paystack about a pending payment, waits while it is in progress, credits it once when paid', async () => {
    const { app } = ctx;
    const { causeId } = await scene(app);
    const { reference } = await donate(app, causeId, '25.00');
    paystack.fake.setOutcome(reference, 'ongoing');
    await age(app, reference, 10);
    const verifies = () => paystack.fake.requests.filter((r) => r.path === `/transaction/verify/${reference}`).length;
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 1, paymentsSettled: 0 });
    expect(verifies()).toBe(1);
    expect((await paymentRow(app, reference)).status).toBe('pending');

    paystack.fake.setOutcome(reference, 'success');
    await age(app, reference, 20);
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 1, paymentsSettled: 1 });
    expect(verifies()).toBe(2);
    expect((await paymentRow(app, reference)).status).toBe('success');
    expect(await currentAmount(app, causeId)).toBe(2500);
    await age(app, reference, 30);
    expect((await sweepOnce(app)).paymentsChecked).toBe(0);
    expect(await currentAmount(app, causeId)).toBe(2500);
  });

  it('keeps a checkout Paystack calls abandoned pending until the abandon age, as a verify does', async () => {
    const { app } = ctx;
    const { causeId } = await scene(app);
    const paidLate = await donate(app, causeId, '14.00');
    const neverPaid = await donate(app, causeId, '15.00');
    // Paystack calls both abandoned: nobody has paid them yet.
    for (const { reference } of [paidLate, neverPaid]) await age(app, reference, 10);
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 2, paymentsSettled: 0, paymentsExpired: 0 });
    for (const { reference } of [paidLate, neverPaid]) expect((await paymentRow(app, reference)).status).toBe('pending');
    expect((await app.inject({ url: `/api/payments/verify/${neverPaid.reference}/` })).statusCode).toBe(202);

    paystack.fake.setOutcome(paidLate.reference, 'success');
    for (const { reference } of [paidLate, neverPaid]) await age(app, reference, 61);
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 2, paymentsSettled: 1, paymentsExpired: 1 });
    expect((await paymentRow(app, paidLate.reference)).status).toBe('success');
    expect((await paymentRow(app, neverPaid.reference)).status).toBe('abandoned');
    expect(await currentAmount(app, causeId)).toBe(1400);
  });

  it('flags a payment Paystack charged a different amount for, crediting nothing', async () => {
    const { app } = ctx;
    const { causeId } = await scene(app);
    const { reference } = await donate(app, causeId, '30.00');
    paystack.fake.setOutcome(reference, 'success', { amount: 2000 });
    await age(app, reference, 10);
    expect(await sweepOnce(app)).toMatchObject({ paymentsChecked: 1, paymentsSettled: 1 });
    const row = await paymentRow(app, reference);
    expect(row.status).toBe('flagged');
    expect(row.flagged_reason).toMatch(/20\.00/);
    expect(await currentAmount(app, causeId)).toBe(0);
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('two processes sweeping one PostgreSQL database', () => {
  let apps: FastifyInstance[] = [];
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const db = await postgres!.createDatabase();
    drop = db.drop;
    apps = await Promise.all([0, 1].map(() => buildApp(testConfig(db.databaseUrl, { admin: ADMIN, sweeper: MANUAL }))));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await drop();
  });

  it('claim disjoint work and credit every paid payment exactly once', async () => {
    const [a, b] = apps;
    const { causeId, organizer } = await scene(a);
    for (let round = 0; round < 3; round += 1) {
      const references: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        const { reference } = await donate(a, causeId, '5.00', {}, undefined);
        await sandbox(a).decide(reference, 'success', 'card');
        await age(a, reference, 10);
        references.push(reference);
      }
      const reports = await Promise.all([sweepOnce(a), sweepOnce(b), sweepOnce(a), sweepOnce(b)]);
      expect(reports.reduce((n, r) => n + r.paymentsChecked, 0)).toBe(8);
      expect(reports.reduce((n, r) => n + r.paymentsSettled, 0)).toBe(8);
      for (const reference of references) expect((await paymentRow(b, reference)).status).toBe('success');
      expect(await currentAmount(b, causeId)).toBe(8 * 500 * (round + 1));
      expect(await notificationCount(b, organizer.id, 'New donation')).toBe(8 * (round + 1));
      const res = await b.inject({ url: `/api/causes/${causeId}/ledger/`, headers: bearer(organizer.access) });
      expect(res.json().totals.money_in).toBe(`${(8 * 5 * (round + 1)).toFixed(2)}`);
    }
  });
});
