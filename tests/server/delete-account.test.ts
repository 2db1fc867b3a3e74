/**
 * Deleting an account erases who the person was and keeps what the ledger needs: their gifts stay
 * (as "A former donor") with every total unchanged. An organizer whose cause still holds money, or
 * has a withdrawal on its way, is told what must happen first and nothing is erased.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, GOOD_PASSWORD, login, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { currentAmount, donate, one, sandboxDecide, scene, verify } from './helpers/giving';
import { adminAction, fund, requestWithdrawal, useDetails } from './helpers/payouts';

const deleteAccount = (app: FastifyInstance, access: string | null, password = GOOD_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/user/delete-account/', headers: access ? bearer(access) : {}, payload: { password } });

describe.each(backends)('deleting an account on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

  it('a donor: personal data gone, sessions ended, gifts and totals kept as "A former donor"', async () => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const start = await donate(
      ctx.app,
      causeId,
      '25.00',
      { email: donor.email, first_name: 'Yaw', last_name: 'Owusu', donor_name: 'Yaw Owusu' },
      donor.access,
    );
    await sandboxDecide(ctx.app, start.reference, 'success');
    expect((await verify(ctx.app, start.reference)).statusCode).toBe(200);
    const before = {
      amount: await currentAmount(ctx.app, causeId),
      donors: await one<{ n: number }>(ctx.app, sql`SELECT donor_count AS n FROM causes WHERE id = ${causeId}`),
    };

    expect((await deleteAccount(ctx.app, null)).statusCode).toBe(401);
    const wrong = await deleteAccount(ctx.app, donor.access, 'not-my-password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: ['The password is not right.'] });
    expect((await deleteAccount(ctx.app, donor.access)).statusCode).toBe(204);

    expect((await login(ctx.app, donor.email)).statusCode).toBe(401);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh: donor.refresh } });
    expect(refresh.statusCode).toBe(401);
    const row = await one<{ email: string; first_name: string; is_active: boolean; deleted: boolean }>(
      ctx.app,
      sql`SELECT email, first_name, is_active, deleted_at IS NOT NULL AS deleted FROM users WHERE id = ${donor.id}`,
    );
    expect(row).toEqual({ email: `deleted-${donor.id}@deleted.boafo.invalid`, first_name: 'A former', is_active: false, deleted: true });
    const gifts = await queryRows<{ donor_name: string; email: string; amount: string }>(
      ctx.app.db,
      sql`SELECT donor_name, email, amount::text FROM donations WHERE donor_id = ${donor.id}`,
    );
    expect(gifts).toEqual([{ donor_name: 'A former donor', email: `deleted-${donor.id}@deleted.boafo.invalid`, amount: '2500' }]);
    const anywhere = await one<{ n: number }>(
      ctx.app,
      sql`SELECT ((SELECT count(*) FROM donations WHERE lower(email) = ${donor.email}) + (SELECT count(*) FROM payments WHERE lower(email) = ${donor.email})
        + (SELECT count(*) FROM users WHERE lower(email) = ${donor.email}))::int AS n`,
    );
    expect(anywhere.n).toBe(0);
    expect(await currentAmount(ctx.app, causeId)).toBe(before.amount);
    expect(await one(ctx.app, sql`SELECT donor_count AS n FROM causes WHERE id = ${causeId}`)).toEqual(before.donors);
    const ledger = (await ctx.app.inject({ url: `/api/causes/${causeId}/ledger/` })).json();
    expect(JSON.stringify(ledger)).not.toContain('Yaw');
  });

  it('an organizer: refused while a cause holds money or a withdrawal is on its way, allowed once paid out', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 5_000);
    const held = await deleteAccount(ctx.app, organizer.access);
    expect(held.statusCode).toBe(409);
    expect(held.json().errors.non_field_errors[0]).toMatch(/still holds GH₵50\.00 that has not been withdrawn/);

    const id = (await requestWithdrawal(ctx.app, organizer.access, causeId, '50.00')).json().id;
    const moving = await deleteAccount(ctx.app, organizer.access);
    expect(moving.statusCode).toBe(409);
    expect(moving.json().errors.non_field_errors[0]).toMatch(/A withdrawal from ".+" is on its way/);
    expect((await login(ctx.app, organizer.email)).statusCode).toBe(200);

    expect((await adminAction(ctx.app, admin.access, id, 'approve')).json().status).toBe('paid');
    expect((await deleteAccount(ctx.app, organizer.access)).statusCode).toBe(204);
    const cause = (await ctx.app.inject({ url: `/api/causes/details/${causeId}/`, headers: bearer(admin.access) })).json();
    expect(cause.status).toBe('closed');
    expect(cause.current_amount).toBe('50.00');
    expect(JSON.stringify(cause)).not.toContain(organizer.email);
  });
});
