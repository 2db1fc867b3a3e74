import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN, type Session } from './helpers/causes';
import { notificationMessages, one, scene } from './helpers/giving';
import { adminAction, balance, fund, requestWithdrawal, useDetails, withdrawalRow } from './helpers/payouts';
import { ensureTwoStep } from './helpers/two-step';

function call(app: FastifyInstance, access: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: access ? bearer(access) : {}, payload } as InjectOptions);
}

const invite = (app: FastifyInstance, access: string | null, causeId: string, email: string) =>
  call(app, access, 'POST', `/api/causes/${causeId}/treasurers/`, { email });
const accept = (app: FastifyInstance, access: string | null, causeId: string) =>
  call(app, access, 'POST', `/api/treasurer-invitations/${causeId}/accept/`);
const decide = (app: FastifyInstance, access: string | null, id: string, action: 'approve' | 'reject') =>
  call(app, access, 'POST', `/api/withdrawals/${id}/${action}/`);

/** A funded cause whose organizer has payout details, with `count` accepted treasurers. */
async function treasuredCause(app: FastifyInstance, count: number) {
  const s = await scene(app);
  await useDetails(app, s.organizer.access);
  await fund(app, s.causeId, 10_000);
  const treasurers: Session[] = [];
  for (let i = 0; i < count; i += 1) {
    const t = await newSession(app);
    expect((await invite(app, s.organizer.access, s.causeId, t.email)).statusCode).toBe(201);
    expect((await accept(app, t.access, s.causeId)).statusCode).toBe(200);
    // Approving a withdrawal needs two-step sign-in.
    await ensureTwoStep(app, t.access);
    treasurers.push(t);
  }
  return { ...s, treasurers };
}

async function askFor(app: FastifyInstance, access: string, causeId: string, amount: string) {
  const res = await requestWithdrawal(app, access, causeId, amount);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; approvals_needed?: number };
}

describe.each(backends)('treasurers on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

  it('the organizer invites registered users by email, at most 3; they accept or decline', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => newSession(ctx.app)));

    const unknown = await invite(ctx.app, organizer.access, causeId, 'nobody-here@example.com');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation_error', errors: { email: [expect.stringMatching(/No Boafo account/)] } });
    const self = await invite(ctx.app, organizer.access, causeId, organizer.email.toUpperCase());
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.email).toHaveLength(1);
    expect((await invite(ctx.app, organizer.access, causeId, 'not an email')).json().errors.email).toEqual([
      'Enter a valid email address.',
    ]);

    const first = await invite(ctx.app, organizer.access, causeId, a.email);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ user_id: a.id, email: a.email, name: 'Kofi Boateng', status: 'invited', accepted_at: null });
    expect((await invite(ctx.app, organizer.access, causeId, a.email)).statusCode).toBe(409);
    expect((await notificationMessages(ctx.app, a.id, 'Treasurer invitation'))[0]).toMatch(/treasurer of/);
    // The app tells the invitation by its kind, whatever language its title is in.
    const listed = await call(ctx.app, a.access, 'GET', '/api/notifications/');
    expect(listed.json().results[0]).toMatchObject({ title: 'Treasurer invitation', kind: 'treasurer_invitation', cause_id: causeId });
    const mail = await one<{ n: number }>(
      ctx.app,
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = ${a.email} AND kind = 'treasurer_invitation'`,
    );
    expect(mail.n).toBe(1);

    expect((await invite(ctx.app, organizer.access, causeId, b.email)).statusCode).toBe(201);
    expect((await invite(ctx.app, organizer.access, causeId, c.email)).statusCode).toBe(201);
    const fourth = await invite(ctx.app, organizer.access, causeId, d.email);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: 'conflict', errors: { email: ['A cause can have at most 3 treasurers.'] } });

    const mine = await call(ctx.app, a.access, 'GET', '/api/treasurer-invitations/');
    expect(mine.json()).toEqual([expect.objectContaining({ cause_id: causeId, organizer_name: 'Kofi Boateng' })]);
    expect((await accept(ctx.app, a.access, causeId)).json()).toMatchObject({ status: 'accepted', accepted_at: expect.any(String) });
    expect((await accept(ctx.app, a.access, causeId)).statusCode).toBe(404);
    expect((await call(ctx.app, a.access, 'GET', '/api/treasurer-invitations/')).json()).toEqual([]);
    expect((await call(ctx.app, b.access, 'POST', `/api/treasurer-invitations/${causeId}/decline/`)).statusCode).toBe(204);
    expect((await notificationMessages(ctx.app, organizer.id, 'Treasurer accepted')).length).toBe(1);

    const list = await call(ctx.app, organizer.access, 'GET', `/api/causes/${causeId}/treasurers/`);
    expect(list.json()).toMatchObject({ your_role: 'organizer', max_treasurers: 3 });
    expect(list.json().treasurers.map((t: { email: string; status: string }) => [t.email, t.status])).toEqual([
      [a.email, 'accepted'],
      [c.email, 'invited'],
    ]);
    // A declined seat is free again.
    expect((await invite(ctx.app, organizer.access, causeId, d.email)).statusCode).toBe(201);
    expect((await call(ctx.app, organizer.access, 'DELETE', `/api/causes/${causeId}/treasurers/${c.id}/`)).statusCode).toBe(204);
    expect((await call(ctx.app, organizer.access, 'DELETE', `/api/causes/${causeId}/treasurers/${c.id}/`)).statusCode).toBe(404);
    expect((await accept(ctx.app, c.access, causeId)).statusCode).toBe(404);
  });

  it('every role on every treasurer route', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 10_000);
    const [accepted, invited, other, spare] = await Promise.all([1, 2, 3, 4].map(() => newSession(ctx.app)));
    await invite(ctx.app, organizer.access, causeId, accepted.email);
    await accept(ctx.app, accepted.access, causeId);
    await invite(ctx.app, organizer.access, causeId, invited.email);
    const w = await askFor(ctx.app, organizer.access, causeId, '10.00');
    const roles: [string, string | null][] = [
      ['organizer', organizer.access],
      ['invited', invited.access],
      ['accepted', accepted.access],
      ['other', other.access],
      ['admin', admin.access],
      ['guest', null],
    ];
    const expected: Record<string, Record<string, number>> = {
      list: { organizer: 200, invited: 403, accepted: 200, other: 403, admin: 200, guest: 401 },
      invite: { organizer: 201, invited: 403, accepted: 403, other: 403, admin: 403, guest: 401 },
      remove: { organizer: 404, invited: 403, accepted: 403, other: 403, admin: 403, guest: 401 },
      balance: { organizer: 200, invited: 403, accepted: 200, other: 403, admin: 200, guest: 401 },
      request: { organizer: 201, invited: 403, accepted: 403, other: 403, admin: 403, guest: 401 },
      invitations: { organizer: 200, invited: 200, accepted: 200, other: 200, admin: 200, guest: 401 },
      acceptInvite: { organizer: 404, invited: 200, accepted: 404, other: 404, admin: 404, guest: 401 },
      approve: { organizer: 403, invited: 403, accepted: 200, other: 403, admin: 403, guest: 401 },
      reject: { organizer: 403, invited: 403, accepted: 409, other: 403, admin: 403, guest: 401 },
    };
    for (const [role, access] of roles) {
      const got = {
        list: (await call(ctx.app, access, 'GET', `/api/causes/${causeId}/treasurers/`)).statusCode,
        // Inviting the spare again answers 409 after the organizer's first 201, so each role tries a fresh one.
        invite: (await invite(ctx.app, access, causeId, role === 'organizer' ? spare.email : (await newSession(ctx.app)).email)).statusCode,
        remove: (await call(ctx.app, access, 'DELETE', `/api/causes/${causeId}/treasurers/${randomUUID()}/`)).statusCode,
        balance: (await call(ctx.app, access, 'GET', `/api/causes/${causeId}/balance/`)).statusCode,
        request: (await requestWithdrawal(ctx.app, access, causeId, '1.00')).statusCode,
        invitations: (await call(ctx.app, access, 'GET', '/api/treasurer-invitations/')).statusCode,
        acceptInvite: (await accept(ctx.app, access, causeId)).statusCode,
        approve: 0,
        reject: 0,
      };
      if (role === 'invited') {
        // Accepting above made them a treasurer: check the not-yet-accepted case before.
        got.approve = 403;
        got.reject = 403;
      } else {
        got.approve = (await decide(ctx.app, access, w.id, 'approve')).statusCode;
        got.reject = (await decide(ctx.app, access, w.id, 'reject')).statusCode;
      }
      for (const route of Object.keys(expected)) expect(got[route as keyof typeof got], `${route} as ${role}`).toBe(expected[route][role]);
    }
    // An invited (not accepted) treasurer may not decide: checked with a fresh invitee.
    const fresh = await newSession(ctx.app);
    const cause2 = await treasuredCause(ctx.app, 1);
    await invite(ctx.app, cause2.organizer.access, cause2.causeId, fresh.email);
    const w2 = await askFor(ctx.app, cause2.organizer.access, cause2.causeId, '5.00');
    expect((await decide(ctx.app, fresh.access, w2.id, 'approve')).statusCode).toBe(403);
    expect((await decide(ctx.app, fresh.access, w2.id, 'reject')).statusCode).toBe(403);
    expect((await call(ctx.app, fresh.access, 'GET', `/api/causes/${cause2.causeId}/treasurers/`)).statusCode).toBe(403);
    expect((await decide(ctx.app, cause2.treasurers[0].access, randomUUID(), 'approve')).statusCode).toBe(404);
    expect((await decide(ctx.app, cause2.treasurers[0].access, 'nope', 'approve')).statusCode).toBe(404);
    expect((await call(ctx.app, organizer.access, 'GET', `/api/causes/${randomUUID()}/treasurers/`)).statusCode).toBe(404);
  });

  it('3 treasurers: 2 approvals send it to the admins; the ledger names them', async () => {
    const { admin, organizer, causeId, treasurers } = await treasuredCause(ctx.app, 3);
    const w = await askFor(ctx.app, organizer.access, causeId, '40.00');
    expect(w).toMatchObject({ status: 'awaiting_treasurers', approvals_needed: 2 });
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ pending: '40.00', available: '60.00' });
    for (const t of treasurers) expect((await notificationMessages(ctx.app, t.id, 'Withdrawal needs your approval')).length).toBe(1);
    const asked = await call(ctx.app, treasurers[0].access, 'GET', '/api/notifications/');
    expect(asked.json().results.find((n: { title: string }) => n.title === 'Withdrawal needs your approval')).toMatchObject({
      kind: 'withdrawal_approval',
      cause_id: causeId,
    });
    expect((await notificationMessages(ctx.app, admin.id, 'Withdrawal requested')).some((m) => m.includes('GH₵40.00'))).toBe(false);
    expect((await adminAction(ctx.app, admin.access, w.id, 'approve')).statusCode).toBe(409);

    const listed = await call(ctx.app, treasurers[0].access, 'GET', `/api/withdrawals/?cause_id=${causeId}`);
    expect(listed.json().results.map((r: { id: string }) => r.id)).toEqual([w.id]);

    const firstYes = await decide(ctx.app, treasurers[0].access, w.id, 'approve');
    expect(firstYes.json()).toMatchObject({
      status: 'awaiting_treasurers',
      decisions: [{ treasurer_id: treasurers[0].id, decision: 'approved' }],
    });
    expect((await decide(ctx.app, treasurers[0].access, w.id, 'approve')).statusCode).toBe(409);
    expect((await decide(ctx.app, treasurers[0].access, w.id, 'reject')).statusCode).toBe(409);
    expect((await decide(ctx.app, treasurers[1].access, w.id, 'approve')).json().status).toBe('requested');
    expect((await decide(ctx.app, treasurers[2].access, w.id, 'approve')).statusCode).toBe(409);
    expect((await notificationMessages(ctx.app, admin.id, 'Withdrawal requested')).some((m) => m.includes('GH₵40.00'))).toBe(true);

    expect((await adminAction(ctx.app, admin.access, w.id, 'approve')).statusCode).toBe(200);
    expect((await withdrawalRow(ctx.app, w.id)).status).toBe('paid');
    const ledger = (await call(ctx.app, null, 'GET', `/api/causes/${causeId}/ledger/`)).json();
    const out = ledger.entries.find((e: { kind: string }) => e.kind === 'withdrawal');
    expect(out.approved_by).toEqual(['Kofi Boateng', 'Kofi Boateng']);
    expect(ledger.entries.find((e: { kind: string }) => e.kind === 'donation').approved_by).toBeUndefined();
  });

  it('3 treasurers: 1 rejection and 2 approvals → requested; 2 rejections → rejected, money back', async () => {
    const { organizer, causeId, treasurers } = await treasuredCause(ctx.app, 3);
    const [a, b, c] = treasurers;
    const mixed = await askFor(ctx.app, organizer.access, causeId, '30.00');
    expect((await decide(ctx.app, a.access, mixed.id, 'reject')).json().status).toBe('awaiting_treasurers');
    expect((await decide(ctx.app, b.access, mixed.id, 'approve')).json().status).toBe('awaiting_treasurers');
    expect((await decide(ctx.app, c.access, mixed.id, 'approve')).json().status).toBe('requested');

    const refused = await askFor(ctx.app, organizer.access, causeId, '50.00');
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ pending: '80.00', available: '20.00' });
    expect((await decide(ctx.app, b.access, refused.id, 'reject')).json().status).toBe('awaiting_treasurers');
    const second = await decide(ctx.app, c.access, refused.id, 'reject');
    expect(second.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: "The cause's treasurers did not approve this withdrawal.",
    });
    expect((await decide(ctx.app, a.access, refused.id, 'approve')).statusCode).toBe(409);
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ pending: '30.00', available: '70.00' });
    expect((await notificationMessages(ctx.app, organizer.id, 'Withdrawal rejected')).length).toBe(1);
  });

  it('1 of 1 and 2 of 2: one rejection of two is enough to stop it', async () => {
    const single = await treasuredCause(ctx.app, 1);
    const w1 = await askFor(ctx.app, single.organizer.access, single.causeId, '10.00');
    expect(w1.approvals_needed).toBe(1);
    expect((await decide(ctx.app, single.treasurers[0].access, w1.id, 'approve')).json().status).toBe('requested');

    const pair = await treasuredCause(ctx.app, 2);
    const w2 = await askFor(ctx.app, pair.organizer.access, pair.causeId, '10.00');
    expect(w2.approvals_needed).toBe(2);
    expect((await decide(ctx.app, pair.treasurers[0].access, w2.id, 'reject')).json().status).toBe('rejected');
  });

  it('removing treasurers counts waiting withdrawals again: with none left they go to the admins', async () => {
    const { organizer, causeId, treasurers } = await treasuredCause(ctx.app, 2);
    const [a, b] = treasurers;
    const w = await askFor(ctx.app, organizer.access, causeId, '15.00');
    expect((await decide(ctx.app, a.access, w.id, 'approve')).json().status).toBe('awaiting_treasurers');
    // One left who already approved: 1 of 1 is a majority.
    expect((await call(ctx.app, organizer.access, 'DELETE', `/api/causes/${causeId}/treasurers/${b.id}/`)).statusCode).toBe(204);
    expect((await withdrawalRow(ctx.app, w.id)).status).toBe('requested');

    const w2 = await askFor(ctx.app, organizer.access, causeId, '5.00');
    expect(w2.status).toBe('awaiting_treasurers');
    expect((await call(ctx.app, organizer.access, 'DELETE', `/api/causes/${causeId}/treasurers/${a.id}/`)).statusCode).toBe(204);
    expect((await withdrawalRow(ctx.app, w2.id)).status).toBe('requested');
  });

  it('no (accepted) treasurers: withdrawals go straight to the admins as before', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 5_000);
    const invitee = await newSession(ctx.app);
    await invite(ctx.app, organizer.access, causeId, invitee.email);
    const w = await askFor(ctx.app, organizer.access, causeId, '20.00');
    expect(w.status).toBe('requested');
    expect(w).not.toHaveProperty('approvals_needed');
    expect((await notificationMessages(ctx.app, admin.id, 'Withdrawal requested')).some((m) => m.includes('GH₵20.00'))).toBe(true);
    expect((await adminAction(ctx.app, admin.access, w.id, 'approve')).statusCode).toBe(200);
  });

  it('concurrent approvals are each applied once and the withdrawal moves once', async () => {
    const { admin, organizer, causeId, treasurers } = await treasuredCause(ctx.app, 3);
    const w = await askFor(ctx.app, organizer.access, causeId, '25.00');
    const before = (await notificationMessages(ctx.app, admin.id, 'Withdrawal requested')).length;
    const answers = await Promise.all([...treasurers, ...treasurers].map((t) => decide(ctx.app, t.access, w.id, 'approve')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(2);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const rows = await one<{ n: number }>(ctx.app, sql`SELECT count(*)::int AS n FROM withdrawal_approvals WHERE withdrawal_id = ${w.id}`);
    expect(rows.n).toBe(codes.filter((c) => c === 200).length);
    expect((await withdrawalRow(ctx.app, w.id)).status).toBe('requested');
    expect((await notificationMessages(ctx.app, admin.id, 'Withdrawal requested')).length).toBe(before + 1);
  });
});
