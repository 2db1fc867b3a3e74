/**
 * Organizers hear by email what they see in the app: their cause approved or not (with the reason)
 * and each move of a withdrawal. Each mail is queued in the transaction of the change it reports,
 * so a change that rolls back mails nobody and one that commits mails once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, useApp } from './helpers/app';
import { ADMIN, createCause } from './helpers/causes';
import { scene } from './helpers/giving';
import { adminAction, fund, requestWithdrawal, useDetails } from './helpers/payouts';

describe.each(backends)('organizer mail on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const mailsTo = (email: string) =>
    queryRows<{ kind: string; subject: string; text_body: string }>(
      ctx.app.db,
      sql`SELECT kind, subject, text_body FROM mail_outbox WHERE to_address = ${email} ORDER BY created_at, id`,
    );

  it('approval and rejection of a cause, with the reason and a link to it', async () => {
    const { admin, organizer } = await scene(ctx.app);
    const before = (await mailsTo(organizer.email)).length; // the scene's own cause was approved
    const good = await createCause(ctx.app, organizer.access, { name: 'Beds for Tamale', description: 'Ward beds.' });
    const bad = await createCause(ctx.app, organizer.access, { name: 'Vague cause', description: 'Money.' });
    await ctx.app.inject({ method: 'POST', url: `/api/admin/causes/${good.id}/approve/`, headers: bearer(admin.access) });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/causes/${bad.id}/reject/`,
      headers: bearer(admin.access),
      payload: { reason: 'Say what the money is for.' },
    });
    // A second decision on the same cause is a 409 and mails nothing.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/admin/causes/${good.id}/approve/`, headers: bearer(admin.access) });
    expect(again.statusCode).toBe(409);
    const mails = (await mailsTo(organizer.email)).slice(before);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['cause_approved', '"Beds for Tamale" is live on Boafo'],
      ['cause_rejected', '"Vague cause" was not approved'],
    ]);
    expect(mails[0].text_body).toContain(`/causes/${good.id}`);
    expect(mails[1].text_body).toContain("The reviewer's reason: Say what the money is for.");
  });

  it('each withdrawal move: approved and paid, or rejected with the reason', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 10_000);
    const before = (await mailsTo(organizer.email)).length;
    const paid = (await requestWithdrawal(ctx.app, organizer.access, causeId, '40.00')).json().id;
    expect((await adminAction(ctx.app, admin.access, paid, 'approve')).json().status).toBe('paid');
    const refused = (await requestWithdrawal(ctx.app, organizer.access, causeId, '10.00')).json().id;
    await adminAction(ctx.app, admin.access, refused, 'reject', { reason: 'Details do not match the organizer.' });
    const mails = (await mailsTo(organizer.email)).slice(before);
    expect(mails.map((m) => m.kind)).toEqual(['withdrawal_approved', 'withdrawal_paid', 'withdrawal_rejected']);
    expect(mails[1].text_body).toMatch(/Your withdrawal of GH₵40\.00 from ".+" was paid\./);
    expect(mails[2].text_body).toContain('was rejected: Details do not match the organizer.');
    expect(mails[2].text_body).toContain(`/causes/${causeId}/withdrawals`);
  });
});
