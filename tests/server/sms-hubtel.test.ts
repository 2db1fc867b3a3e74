/**
 * Texts through Hubtel's SMS API, against a local fake that follows its documented request and
 * answer (helpers/fake-hubtel-sms.ts): the exact wire format, refusals that are final and those
 * that are retried, a failing or silent gateway retried with nothing lost and nothing doubled, and
 * receipts settled on two processes at once, each texted exactly once.
 */
import { describe, expect, it } from 'vitest';
import { hubtelSms } from '../../src/server/sms/hubtel';
import { SmsSendError } from '../../src/server/sms/provider';
import { backends } from './helpers/backends';
import { useApp, useTwoApps } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { scene, sandboxDecide, verify } from './helpers/giving';
import { useFakeHubtelSms } from './helpers/fake-hubtel-sms';
import { giveWithTexts, international, newPhone, settle, textsDueNow, textsTo } from './helpers/sms';

describe('the Hubtel adapter on the wire', () => {
  const hubtel = useFakeHubtelSms();
  const send = (text = 'Boafo: thank you for GHS 25.00') => hubtelSms(hubtel.settings).send({ id: 'row-1', to: '233241234567', text });

  it('posts {From, To, Content} as JSON with Basic auth and reads the messageId', async () => {
    const before = hubtel.fake.requests.length;
    const sent = await send('Yɛda wo ase € [1]');
    const [request] = hubtel.fake.requests.slice(before);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/messages/send',
      authorization: `Basic ${Buffer.from('fakeclient:fake-secret-1234').toString('base64')}`,
      contentType: 'application/json',
    });
    expect(request.raw).toBe('{"From":"Boafo","To":"233241234567","Content":"Yɛda wo ase € [1]"}');
    expect(sent.providerMessageId).toBe(hubtel.fake.delivered.at(-1)!.messageId);
  });

  it('calls a 4xx refusal final, and a 5xx, a timeout or a non-zero status worth a retry', async () => {
    const outcome = async () =>
      send().then(
        () => 'sent',
        (error: unknown) => (error instanceof SmsSendError ? (error.final ? 'final' : 'retry') : 'other'),
      );
    hubtel.fake.failNext(1, 500);
    expect(await outcome()).toBe('retry');
    hubtel.fake.failNext(1, 429);
    expect(await outcome()).toBe('retry');
    hubtel.fake.failNext(1, 400);
    expect(await outcome()).toBe('final');
    hubtel.fake.hangNext(1);
    expect(await outcome()).toBe('retry');
    hubtel.fake.refuseNext(1);
    expect(await outcome()).toBe('retry');
    const wrong = hubtelSms({ ...hubtel.settings, clientSecret: 'not-the-secret' });
    await expect(wrong.send({ id: 'x', to: '233241234567', text: 'x' })).rejects.toMatchObject({ final: true, message: /401/ });
    const nowhere = hubtelSms({ ...hubtel.settings, hubtelBaseUrl: 'http://127.0.0.1:9' });
    await expect(nowhere.send({ id: 'x', to: '233241234567', text: 'x' })).rejects.toMatchObject({ final: false });
    expect(await outcome()).toBe('sent');
  });
});

describe.each(backends)('texts through Hubtel on $name', (backend) => {
  const hubtel = useFakeHubtelSms();
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test', sms: hubtel.settings });

  it('retries a receipt the gateway failed (500, then no answer) until it is delivered, once', async () => {
    const { causeId } = await scene(ctx.app);
    const phone = newPhone();
    const to = international(phone);
    const reference = await giveWithTexts(ctx.app, causeId, phone);
    hubtel.fake.failNext(1, 500);
    await settle(ctx.app, reference);
    await ctx.app.sms.flush();
    let [row] = await textsTo(ctx.app, to);
    expect(row).toMatchObject({ kind: 'receipt', status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/500/);
    hubtel.fake.hangNext(1);
    await textsDueNow(ctx.app);
    await ctx.app.sms.flush();
    [row] = await textsTo(ctx.app, to);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.last_error).toMatch(/did not answer/);
    expect(hubtel.fake.delivered.filter((d) => d.To === to)).toEqual([]);
    await textsDueNow(ctx.app);
    await ctx.app.sms.flush();
    await ctx.app.sms.flush();
    const delivered = hubtel.fake.delivered.filter((d) => d.To === to);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ From: 'Boafo', Content: expect.stringContaining(`Ref ${reference}`) });
    [row] = await textsTo(ctx.app, to);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null, provider_message_id: delivered[0].messageId });
  });

  it('gives up at once on a final refusal and keeps the reason', async () => {
    const phone = newPhone();
    await ctx.app.repos.smsConsent.agree(phone, 'ussd');
    hubtel.fake.failNext(1, 400);
    await ctx.app.repos.sms.queue(phone, { kind: 'test', text: 'Hello' });
    await ctx.app.sms.flush();
    const [row] = await textsTo(ctx.app, international(phone));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/400/);
  });
});

const postgres = backends.filter((b) => b.name === 'postgres');
describe.skipIf(postgres.length === 0).each(postgres)('two processes on $name', (backend) => {
  const hubtel = useFakeHubtelSms();
  const apps = useTwoApps(backend, { admin: ADMIN, sms: hubtel.settings });

  it('text each receipt exactly once while both settle the same payments and the gateway fails now and then (in a loop)', async () => {
    const { causeId } = await scene(apps.a);
    for (let round = 0; round < 3; round += 1) {
      const phones = Array.from({ length: 8 }, () => newPhone());
      const references = await Promise.all(phones.map((phone, i) => giveWithTexts(i % 2 ? apps.a : apps.b, causeId, phone)));
      for (const reference of references) await sandboxDecide(apps.a, reference, 'success');
      hubtel.fake.failNext(3, 503);
      // Both processes verify every payment at once: one settlement each, one receipt each.
      const answers = await Promise.all(references.flatMap((reference) => [verify(apps.a, reference), verify(apps.b, reference)]));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      for (let pass = 0; pass < 3; pass += 1) {
        await Promise.all([apps.a.sms.flush(), apps.b.sms.flush(), apps.a.sms.flush(), apps.b.sms.flush()]);
        await textsDueNow(apps.a);
      }
      await Promise.all([apps.a.sms.flush(), apps.b.sms.flush()]);
      const wanted = phones.map(international).sort();
      const delivered = hubtel.fake.delivered.filter((d) => wanted.includes(d.To));
      expect(delivered.map((d) => d.To).sort()).toEqual(wanted);
      for (const [i, phone] of phones.entries()) {
        expect(delivered.find((d) => d.To === international(phone))!.Content).toContain(references[i]);
        expect((await textsTo(apps.a, international(phone))).map((t) => t.status)).toEqual(['sent']);
      }
    }
  });
});
