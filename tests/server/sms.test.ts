/**
 * Texts with the default `log` provider (nothing leaves; the rows end 'kept' for the admins): only to
 * numbers that agreed, the receipt and the organizer's texts from settlement, a cause's news to its
 * opted-in donors, STOP/START replies from the gateway and the profile's box.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, multipartBody, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { donate, one, scene } from './helpers/giving';
import {
  INBOUND_TOKEN,
  giveWithTexts,
  international,
  logSmsSettings,
  newPhone,
  reply,
  settle,
  textsTo,
  playOrganizerSteps,
} from './helpers/sms';

describe.each(backends)('texts (log provider) on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test', sms: logSmsSettings() });

  const profileTexts = (access: string, phone: string, agree: boolean) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: bearer(access),
      payload: { phone_number: phone, sms_opt_in: agree },
    });

  it('texts the receipt only to a donor who ticked the box: amount, cause, reference, short link, one part', async () => {
    const { causeId } = await scene(ctx.app, { name: 'Clean water for Tamale' });
    const phone = newPhone();
    const texted = await giveWithTexts(ctx.app, causeId, phone);
    const silent = newPhone();
    const plain = await donate(ctx.app, causeId, '10.00', { phone_number: silent });
    await settle(ctx.app, texted);
    await settle(ctx.app, plain.reference);
    await ctx.app.sms.flush();
    const [receipt, ...more] = await textsTo(ctx.app, international(phone));
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'receipt', status: 'kept', attempts: 1, segments: 1, last_error: null });
    expect(receipt.text_body).toBe(
      `Boafo: thank you for GHS 25.00 to Clean water for Tamale. Ref ${texted} https://boafo.test/r/${texted}`,
    );
    // No box ticked: no consent, no text, though the number is on the donation.
    expect(await textsTo(ctx.app, international(silent))).toEqual([]);
    // Settling again (verify, webhook) queues nothing more.
    await settle(ctx.app, texted);
    expect(await textsTo(ctx.app, international(phone))).toHaveLength(1);
    // The short link opens the signed receipt.
    const link = await ctx.app.inject({ url: `/r/${texted}` });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toMatch(new RegExp(`^/api/payments/${texted}/receipt\\.pdf\\?sig=[a-f0-9]{64}&exp=\\d+$`));
    expect((await ctx.app.inject({ url: link.headers.location as string })).headers['content-type']).toBe('application/pdf');
    expect((await ctx.app.inject({ url: '/r/bf-nosuchreference' })).statusCode).toBe(404);
  });

  it('refuses "Text me" without a Ghana mobile number, before anything is created', async () => {
    const { causeId } = await scene(ctx.app);
    const payments = async () => (await one<{ n: number }>(ctx.app, sql`SELECT count(*)::int AS n FROM payments`)).n;
    const before = await payments();
    for (const extra of [
      { sms_opt_in: true },
      { sms_opt_in: true, phone_number: '0302123456' },
      { sms_opt_in: true, phone_country_code: '+44', phone_number: '07700900123' },
      { sms_opt_in: true, phone_number: 'call me' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/donate/',
        payload: { cause_id: causeId, donation_amount: '5.00', email: 'ama@example.com', ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors.phone_number[0]).toMatch(/Ghana mobile/);
    }
    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/donate/',
      payload: { cause_id: causeId, donation_amount: '5.00', email: 'ama@example.com', sms_opt_in: ['yes'] },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(await payments()).toBe(before);
    // The mobile money wallet stands in when no contact phone is typed.
    const wallet = newPhone();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/donate/',
      payload: { cause_id: causeId, donation_amount: '5.00', email: 'ama@example.com', sms_opt_in: true, mobile_money: { phone: wallet } },
    });
    expect(res.statusCode).toBe(200);
    expect(await one(ctx.app, sql`SELECT status, source FROM sms_consents WHERE phone = ${international(wallet)}`)).toEqual({
      status: 'agreed',
      source: 'donation',
    });
  });

  it('STOP ends every text to the number (one already queued too), START resumes, the profile shows it', async () => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const phone = newPhone();
    expect((await profileTexts(donor.access, phone, true)).json().sms).toMatchObject({
      phone: international(phone),
      status: 'agreed',
      source: 'profile',
    });
    // A gift with the box ticked, paid only after the number replied STOP: no receipt.
    const reference = await giveWithTexts(ctx.app, causeId, phone);
    const stop = await reply(ctx.app, `+${international(phone)}`, 'stop please');
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ action: 'stopped' });
    await settle(ctx.app, reference);
    expect(await textsTo(ctx.app, international(phone))).toEqual([]);
    expect(await ctx.app.repos.sms.queue(phone, { kind: 'test', text: 'Again' })).toBeNull();
    const profile = (await ctx.app.inject({ url: '/api/user/profile/', headers: bearer(donor.access) })).json();
    expect(profile.sms).toMatchObject({ status: 'stopped', source: 'sms' });
    expect(Date.parse(profile.sms.changed_at)).not.toBeNaN();
    // START from the phone resumes.
    expect((await reply(ctx.app, phone, 'Boafo start')).json()).toMatchObject({ action: 'started' });
    // A STOP that lands after a text was queued but before a worker claims it (here: in the same commit) wins.
    await ctx.app.repos.transaction(async (tx) => {
      expect(await tx.sms.queue(phone, { kind: 'test', text: 'Hello' })).not.toBeNull();
      await tx.smsConsent.stop(phone, 'sms');
    });
    await ctx.app.sms.flush();
    const [queued] = await textsTo(ctx.app, international(phone));
    expect(queued).toMatchObject({ kind: 'test', status: 'failed', attempts: 1 });
    expect(queued.last_error).toMatch(/STOP/);
    expect((await reply(ctx.app, phone, 'START')).json()).toMatchObject({ action: 'started' });
    expect(await ctx.app.repos.sms.queue(phone, { kind: 'test', text: 'Back' })).not.toBeNull();
    // Unticking the box on the profile stops texts too.
    expect((await profileTexts(donor.access, phone, false)).json().sms).toMatchObject({ status: 'stopped', source: 'profile' });
    expect(await ctx.app.repos.sms.queue(phone, { kind: 'test', text: 'No' })).toBeNull();
  });

  it('answers replies it cannot use with 200 and refuses callers without the gateway secret', async () => {
    // A number we never wrote to: the opt-out is recorded, nothing else happens.
    const stranger = newPhone();
    expect((await reply(ctx.app, stranger, 'STOP')).json()).toMatchObject({ action: 'stopped' });
    expect(await textsTo(ctx.app, international(stranger))).toEqual([]);
    for (const [from, content] of [
      [stranger, 'Thanks!'],
      [stranger, ''],
      ['+44 7700 900123', 'STOP'],
      ['not a number', 'STOP'],
    ]) {
      const res = await reply(ctx.app, from, content);
      expect(res.statusCode, `${from} ${content}`).toBe(200);
      expect(res.json().action).toBe('ignored');
    }
    const noFrom = await ctx.app.inject({ method: 'POST', url: `/api/sms/inbound/?token=${INBOUND_TOKEN}`, payload: { Content: 'STOP' } });
    expect(noFrom.statusCode).toBe(400);
    expect(noFrom.json().errors.From).toBeDefined();
    const huge = await ctx.app.inject({
      method: 'POST',
      url: `/api/sms/inbound/?token=${INBOUND_TOKEN}`,
      payload: { From: stranger, Content: 'x'.repeat(5000) },
    });
    expect(huge.statusCode).toBe(400);
    // A form body (the gateway's other way), and the token in a header.
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms/inbound/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-boafo-sms-token': INBOUND_TOKEN },
      payload: `From=${international(stranger)}&Content=START`,
    });
    expect(form.json()).toMatchObject({ action: 'started' });
    // No token: 401; a wrong one: 403; both before the body is even read.
    expect((await reply(ctx.app, stranger, 'STOP', null)).statusCode).toBe(401);
    expect((await reply(ctx.app, stranger, 'STOP', 'wrong-token-0123456789')).statusCode).toBe(403);
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms/inbound/',
      headers: { 'content-type': 'application/json' },
      payload: '{"From":',
    });
    expect(garbage.statusCode).toBe(401);
    expect((await one(ctx.app, sql`SELECT status FROM sms_consents WHERE phone = ${international(stranger)}`)) ?? null).toEqual({
      status: 'agreed',
    });
  });

  it("texts the organizer the first gift, the goal and each withdrawal step, on the profile's number", async () => {
    const { admin, organizer, causeId } = await scene(ctx.app, { target_amount: '30.00', name: 'School fees for Akua' });
    const phone = newPhone();
    expect((await profileTexts(organizer.access, phone, true)).statusCode).toBe(200);
    await playOrganizerSteps(ctx.app, { admin, organizer, causeId }, 'Send the school’s invoice first');
    const texts = await textsTo(ctx.app, international(phone));
    const link = `https://boafo.test/causes/${causeId}`;
    expect(texts.map((t) => [t.kind, t.text_body, t.segments])).toEqual([
      ['cause_first_donation', `Boafo: School fees for Akua got its first gift, GHS 20.00! Share it to keep it going: ${link}`, 1],
      ['cause_goal_reached', `Boafo: School fees for Akua reached its goal. Well done, and thank your donors! ${link}`, 1],
      ['withdrawal_approved', 'Boafo: your withdrawal of GHS 40.00 from School fees for Akua was approved.', 1],
      ['withdrawal_paid', 'Boafo: your withdrawal of GHS 40.00 from School fees for Akua was paid.', 1],
      [
        'withdrawal_rejected',
        "Boafo: your withdrawal of GHS 5.00 from School fees for Akua was rejected: Send the school's invoice first",
        1,
      ],
    ]);
  });

  it("sends a cause's update once per opted-in number, counts long and Twi texts as more parts, shows them to admins", async () => {
    const { admin, organizer, causeId } = await scene(ctx.app, { name: 'Nkwanta clinic roof' });
    const [twice, stopped, none] = [newPhone(), newPhone(), newPhone()];
    for (const phone of [twice, twice, stopped]) await settle(ctx.app, await giveWithTexts(ctx.app, causeId, phone));
    await settle(ctx.app, await giveWithTexts(ctx.app, causeId, null));
    await reply(ctx.app, stopped, 'STOP');
    await ctx.app.repos.smsConsent.agree(none, 'ussd'); // agreed, but never gave to this cause
    const body = `Yɛda mo ase! The roof is on. ${'Thank you all. '.repeat(6)}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/causes/${causeId}/updates/`,
      headers: bearer(organizer.access),
      payload: { body },
    });
    expect(res.statusCode).toBe(201);
    const updates = async (phone: string) => (await textsTo(ctx.app, international(phone))).filter((t) => t.kind === 'cause_update');
    const [update, ...again] = await updates(twice);
    expect(again).toEqual([]);
    expect(update.text_body).toBe(`Nkwanta clinic roof: ${body.trim()}`);
    expect(update.segments).toBe(3); // ɛ makes all 139 characters UCS-2: 67 a part
    expect(await updates(stopped)).toEqual([]);
    expect(await updates(none)).toEqual([]);
    await ctx.app.sms.flush();
    // The admins' screen lists texts beside mail, with their channel and parts.
    const list = await ctx.app.inject({ url: '/api/admin/mail/?channel=sms', headers: bearer(admin.access) });
    expect(list.statusCode).toBe(200);
    const row = list.json().results.find((m: { id: string }) => m.id === update.id);
    expect(row).toMatchObject({ channel: 'sms', kind: 'cause_update', to: international(twice), status: 'kept', segments: 3 });
    expect(row.subject.length).toBeLessThanOrEqual(160);
    const full = await ctx.app.inject({ url: `/api/admin/mail/${update.id}/`, headers: bearer(admin.access) });
    expect(full.json()).toMatchObject({ channel: 'sms', text: update.text_body, html: '' });
    const mailOnly = await ctx.app.inject({ url: '/api/admin/mail/?channel=mail', headers: bearer(admin.access) });
    expect(
      mailOnly.json().results.every((m: { channel: string; segments: number | null }) => m.channel === 'mail' && m.segments === null),
    ).toBe(true);
    expect((await ctx.app.inject({ url: '/api/admin/mail/?channel=fax', headers: bearer(admin.access) })).statusCode).toBe(400);
  });

  it('takes the box from a multipart profile form, and refuses it without a Ghana mobile number', async () => {
    const user = await newSession(ctx.app);
    const phone = newPhone();
    const form = await multipartBody({ phone_number: phone, sms_opt_in: 'true' });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: { ...bearer(user.access), ...form.headers },
      payload: form.payload,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().sms).toMatchObject({ phone: international(phone), status: 'agreed' });
    const landline = await profileTexts(user.access, '0302 123 456', true);
    expect(landline.statusCode).toBe(400);
    expect(landline.json().errors.phone_number[0]).toMatch(/Ghana mobile/);
    // Nothing was saved: the number on file still agrees.
    expect((await ctx.app.inject({ url: '/api/user/profile/', headers: bearer(user.access) })).json().sms.status).toBe('agreed');
    // Deleting the account takes the number's texts and consent with it.
    await ctx.app.repos.sms.queue(phone, { kind: 'test', text: 'Bye' });
    const gone = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/delete-account/',
      headers: bearer(user.access),
      payload: { password: 'kente-cloth-42' },
    });
    expect(gone.statusCode).toBe(204);
    expect(await textsTo(ctx.app, international(phone))).toEqual([]);
    expect(await ctx.app.repos.smsConsent.find(phone)).toBeNull();
  });
});
