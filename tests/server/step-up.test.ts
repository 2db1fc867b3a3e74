/**
 * Step-up where money moves (issue #33): each money action is refused with step_up_required when
 * the session's last password or second step is older than 10 minutes, and goes through after a
 * fresh one; the refusal is not kept as the Idempotency-Key's answer. A change of payout details
 * holds withdrawals to the new destination and mails the organizer a link that undoes it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, GOOD_PASSWORD, newSession, sessionIdOf, signup, useApp, type TestApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { donate, one, paymentRow, sandboxDecide, scene, verify } from './helpers/giving';
import { fund, MOMO, requestWithdrawal, SANDBOX_BANK, saveDetails, useDetails } from './helpers/payouts';
import { give } from './helpers/refunds';
import { international, newPhone } from './helpers/sms';
import { ensureTwoStep, nextCode, signInWithTwoStep, stepUp } from './helpers/two-step';

const STALE = 11 * 60;

/** The session's last check 11 minutes ago: money actions must ask again. */
async function goStale(app: FastifyInstance, access: string): Promise<void> {
  await app.repos.sessions.backdateVerified(sessionIdOf(access), STALE);
}

function expectStepUp(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
  expect(res.json().code, what).toBe('step_up_required');
}

const post = (ctx: TestApp, url: string, access: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(access), ...headers }, payload: payload as object });

describe.each(backends)('step-up on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, payoutChangeHoldHours: 24 });

  it('refuses every money action from a stale session and accepts it after a fresh second step or password', async () => {
    const { app } = ctx;
    const { admin, organizer, causeId } = await scene(app);
    // Organizer: first details (no hold: nothing to redirect yet), funds, two-step on.
    await useDetails(app, organizer.access, MOMO);
    await fund(app, causeId, 50_000);
    await ensureTwoStep(app, organizer.access);

    // 1. Changing payout details (the password without two-step; with it, a code).
    const plain = await newSession(app);
    await useDetails(app, plain.access, MOMO);
    await goStale(app, plain.access);
    expectStepUp(await saveDetails(app, plain.access, SANDBOX_BANK), 'change payout details');
    // Sending the saved details again changes nothing and asks nothing.
    expect((await saveDetails(app, plain.access, MOMO)).statusCode).toBe(200);
    const wrong = await post(ctx, '/api/user/security/step-up/', plain.access, { password: 'not-my-password' });
    expect(wrong.json().errors.password).toBeDefined();
    await stepUp(app, plain.access, GOOD_PASSWORD);
    expect((await saveDetails(app, plain.access, SANDBOX_BANK)).statusCode).toBe(200);

    // 2. Requesting a withdrawal; the 403 is not kept as the key's answer, so the same key works after.
    await goStale(app, organizer.access);
    const key = { 'idempotency-key': 'withdraw-after-step-up' };
    expectStepUp(await post(ctx, '/api/withdrawals/', organizer.access, { cause_id: causeId, amount: '20.00' }, key), 'request');
    const byPassword = await post(ctx, '/api/user/security/step-up/', organizer.access, { password: GOOD_PASSWORD });
    expect(byPassword.json().errors.code).toBeDefined(); // two-step on: only a code will do
    await stepUp(app, organizer.access, GOOD_PASSWORD);
    const requested = await post(ctx, '/api/withdrawals/', organizer.access, { cause_id: causeId, amount: '20.00' }, key);
    expect(requested.statusCode, requested.body).toBe(201);

    // 3. A treasurer approving.
    const treasurer = await newSession(app);
    await post(ctx, `/api/causes/${causeId}/treasurers/`, organizer.access, { email: treasurer.email });
    await post(ctx, `/api/treasurer-invitations/${causeId}/accept/`, treasurer.access);
    const held = await requestWithdrawal(app, organizer.access, causeId, '10.00');
    expect(held.json().status).toBe('awaiting_treasurers');
    const noTwoStep = await post(ctx, `/api/withdrawals/${held.json().id}/approve/`, treasurer.access);
    expect(noTwoStep.json().code).toBe('two_step_required');
    await ensureTwoStep(app, treasurer.access);
    await goStale(app, treasurer.access);
    expectStepUp(await post(ctx, `/api/withdrawals/${held.json().id}/approve/`, treasurer.access), 'treasurer approval');
    await stepUp(app, treasurer.access, GOOD_PASSWORD);
    expect((await post(ctx, `/api/withdrawals/${held.json().id}/approve/`, treasurer.access)).json().status).toBe('requested');

    // 4-7. The admin: approve (pays), refund, resolve a flagged payment, change a role. One code, then recovery codes.
    const codes = (await post(ctx, '/api/user/security/two-step/recovery-codes/', admin.access)).json().recovery_codes as string[];
    const gift = await give(app, causeId, '30.00');
    const flagged = await donate(app, causeId, '9.00');
    await sandboxDecide(app, flagged.reference, 'success', { amount: 100 });
    await verify(app, flagged.reference);
    const flaggedId = (await paymentRow(app, flagged.reference)).id;
    const somebody = await newSession(app);
    const actions: [string, string, unknown, (res: LightMyRequestResponse) => void][] = [
      ['approve a withdrawal', `/api/admin/withdrawals/${requested.json().id}/approve/`, {}, (r) => expect(r.json().status).toBe('paid')],
      ['refund', `/api/admin/donations/${gift.id}/refund/`, { amount: '5.00' }, (r) => expect(r.json().amount).toBe('5.00')],
      [
        'resolve a flagged payment',
        `/api/admin/payments/${flaggedId}/resolve/`,
        { action: 'refund' },
        (r) => expect(r.statusCode).toBe(200),
      ],
      ['change a role', `/api/admin/users/${somebody.id}/role/`, { role: 'admin' }, (r) => expect(r.json().role).toBe('admin')],
    ];
    for (const [i, [what, url, payload, check]] of actions.entries()) {
      await goStale(app, admin.access);
      expectStepUp(await post(ctx, url, admin.access, payload), what);
      const proof = i === 0 ? { code: await nextCode(app, admin.id) } : { recovery_code: codes[i] };
      expect((await post(ctx, '/api/user/security/step-up/', admin.access, proof)).statusCode).toBe(200);
      const done = await post(ctx, url, admin.access, payload);
      expect(done.statusCode, `${what}: ${done.body}`).toBeLessThan(300);
      check(done);
    }
    // The audit trail has each of them.
    const actionsRecorded = (await ctx.app.inject({ url: '/api/admin/audit/?page_size=100', headers: bearer(admin.access) }))
      .json()
      .results.map((e: { action: string }) => e.action);
    for (const action of [
      'payout_details.change',
      'withdrawal.request',
      'withdrawal.treasurer_approve',
      'withdrawal.approve',
      'donation.refund',
      'payment.resolve',
      'user.role_change',
    ]) {
      expect(actionsRecorded).toContain(action);
    }
  });

  it('holds withdrawals after a payout details change, mails and texts an undo link, and the undo restores the details and signs out', async () => {
    const { app } = ctx;
    const { organizer, causeId } = await scene(app);
    await useDetails(app, organizer.access, MOMO);
    const phone = newPhone();
    const texts = await app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: bearer(organizer.access),
      payload: { phone_number: phone, sms_opt_in: true },
    });
    expect(texts.statusCode, texts.body).toBe(200);
    await fund(app, causeId, 20_000);
    expect((await requestWithdrawal(app, organizer.access, causeId, '5.00')).statusCode).toBe(201);
    expect((await saveDetails(app, organizer.access, SANDBOX_BANK)).statusCode).toBe(200);

    const refused = await requestWithdrawal(app, organizer.access, causeId, '5.00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'payout_on_hold',
      detail: expect.stringMatching(/changed recently.*can be requested from/),
    });

    const mail = await one<{ text_body: string; subject: string }>(
      app,
      sql`SELECT text_body, subject FROM mail_outbox WHERE kind = 'payout_details_changed' AND to_address = ${organizer.email}
        ORDER BY created_at DESC LIMIT 1`,
    );
    expect(mail.subject).toMatch(/payout details were changed/);
    expect(mail.text_body).toMatch(/24 hours/);
    const token = decodeURIComponent(/payout-undo\?token=([^\s)]+)/.exec(mail.text_body)![1]);
    // The same notice by text, to the number that agreed to texts: where the money now goes, the hold, the same link.
    const text = await one<{ text_body: string }>(
      app,
      sql`SELECT text_body FROM mail_outbox WHERE channel = 'sms' AND kind = 'payout_changed' AND to_address = ${international(phone)}`,
    );
    expect(text.text_body).toMatch(/held 24 h/);
    expect(text.text_body).toContain(`payout-undo?token=${encodeURIComponent(token)}`);

    const undo = (t: string) => app.inject({ method: 'POST', url: '/api/user/payout-details/undo/', payload: { token: t } });
    expect((await undo('not-a-token')).statusCode).toBe(400);
    expect((await undo(token)).statusCode).toBe(200);
    expect((await undo(token)).json().detail).toMatch(/already undone/);
    // Signed out everywhere: whoever changed the details may hold a session.
    expect((await app.inject({ url: '/api/user/profile/', headers: bearer(organizer.access) })).statusCode).toBe(401);
    const back = await signInWithTwoStep(app, organizer.email, GOOD_PASSWORD);
    const profile = (await app.inject({ url: '/api/user/profile/', headers: bearer(back.access) })).json();
    expect(profile.withdrawal_address).toMatchObject({ type: 'mobile_money', phone_number: '233241234567' });
    // The old destination is back and not held.
    const again = await app.inject({
      method: 'POST',
      url: '/api/withdrawals/',
      headers: bearer(back.access),
      payload: { cause_id: causeId, amount: '5.00' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('does not hold the first details an organizer saves, and a removal is a change too', async () => {
    const { app } = ctx;
    const email = `first.${Date.now()}@example.com`;
    await signup(app, email);
    const me = await signInWithTwoStep(app, email, GOOD_PASSWORD);
    expect((await saveDetails(app, me.access, MOMO)).statusCode).toBe(200);
    expect(await app.repos.payoutChanges.activeHold(me.id)).toBeNull();
    expect((await saveDetails(app, me.access, null)).statusCode).toBe(200);
    expect((await one<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM payout_changes WHERE user_id = ${me.id}`)).n).toBe(2);
  });
});
