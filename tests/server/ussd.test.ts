/**
 * Giving by USSD (issue #32): one script played through both gateways' exact wire formats gives the
 * same screens; a gift made on the menu is the mobile money prompt on the calling phone, credited
 * once however many webhooks race on two processes; retries of a request run nothing twice; bad
 * input and missing credentials get a clear answer, never a 500. Cause codes: six digits, given at
 * approval, never reused.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { phoneLine } from '../../src/server/lib/og-card';
import { backends } from './helpers/backends';
import { bearer, useApp, useTwoApps } from './helpers/app';
import { ADMIN, createCause, donate } from './helpers/causes';
import { chargeSuccess, currentAmount, notificationCount, one, scene, signedWebhook, verify } from './helpers/giving';
import { translator } from '../../src/server/lib/i18n';
import {
  PHONES,
  SERVICE_CODE,
  USSD_TOKEN,
  africasTalkingPhone,
  hubtelPhone,
  rawAfricasTalking,
  rawHubtel,
  type Phone,
  type Screen,
} from './helpers/ussd-phones';

const USSD = { serviceCode: SERVICE_CODE, gatewayToken: USSD_TOKEN, allowedIps: [] as string[] };
const MENU = 'Boafo\n1 Give to a cause\n2 Check a cause\n3 My last gifts\n0 Language';
const ASK_GIVE = "Give to a cause\nEnter the cause's 6-digit code (on its poster or page):";
const ASK_CHECK = "Check a cause\nEnter the cause's 6-digit code (on its poster or page):";
const RECEIPTS = 'Text me receipts?\n1 Yes\n2 No';
const TOO_MANY = 'Sorry, that did not work three times. Please dial again when you are ready. Goodbye.';
const PHONE_NUMBERS = { hubtel: '233241234561', africastalking: '233241234562' };

async function causeCode(app: FastifyInstance, causeId: string): Promise<string> {
  return (await one<{ code: string }>(app, sql`SELECT short_code AS code FROM causes WHERE id = ${causeId}`)).code;
}

/** A six-digit code no cause has. */
async function unusedCode(app: FastifyInstance): Promise<string> {
  const used = new Set(
    (await queryRows<{ c: string }>(app.db, sql`SELECT short_code AS c FROM causes WHERE short_code IS NOT NULL`)).map((r) => r.c),
  );
  for (let n = 999_999; ; n -= 1) if (!used.has(String(n))) return String(n);
}

async function giftReference(app: FastifyInstance, phone: Phone): Promise<string> {
  const id = `${phone.gateway}:${phone.sessionId}`;
  return (await one<{ r: string }>(app, sql`SELECT payment_reference AS r FROM ussd_sessions WHERE id = ${id}`)).r;
}

const approveOnPhone = (app: FastifyInstance, reference: string) =>
  app.inject({ method: 'POST', url: `/sandbox/momo/${reference}/`, payload: { outcome: 'approve' } });

/** Every session of the script, each screen as [what was typed, what the phone showed, ended]. */
type Transcript = [string, string, boolean][][];

/** One session of the script; typed cause codes are written by their role (`<code>`), so both gateways' transcripts compare. */
async function session(
  phone: Phone,
  dialled: string,
  inputs: string[],
  roles: Record<string, string>,
): Promise<[string, string, boolean][]> {
  const shown: [string, string, boolean][] = [];
  const first = await phone.dial(dialled);
  shown.push([`dial ${roles[dialled] ?? dialled}`.trim(), first.text, first.end]);
  for (const input of inputs) {
    const screen: Screen = await phone.send(input);
    shown.push([roles[input] ?? input, screen.text, screen.end]);
  }
  return shown;
}

describe('share card line for phones', () => {
  it('says what to dial, else the code, else nothing', () => {
    const en = translator('en');
    expect(phoneLine(en, '123456', '*920*44*123456#')).toBe('No data? Dial *920*44*123456#');
    expect(phoneLine(en, '123456', null)).toBe('Cause code 123456');
    expect(phoneLine(en, null, null)).toBeNull();
  });
});

describe.each(backends)('USSD on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, ussd: USSD });

  it('plays one script through Hubtel and Africa’s Talking with the same screens, and the gift is the prompt on that phone', async () => {
    const app = ctx.app;
    const transcripts: Record<string, Transcript> = {};
    for (const [gateway, makePhone] of Object.entries(PHONES)) {
      // A cause of its own per gateway (same name and goal), so one gateway's gift does not change the other's screens.
      const { causeId } = await scene(app, { name: 'Surgery for Ama', target_amount: '5000.00' });
      const code = await causeCode(app, causeId);
      const nowhere = await unusedCode(app);
      const mobile = PHONE_NUMBERS[gateway as keyof typeof PHONE_NUMBERS];
      const phone = () => makePhone(app, mobile);
      const giving = phone();
      const roles = { [code]: '<code>', [nowhere]: '<unknown code>' };
      const script: Transcript = [
        await session(phone(), '', ['7', '2', '12', code], roles),
        await session(giving, '', ['1', nowhere, code, '0', '-5', '20', '3', '1', '1'], roles),
        await session(phone(), '', ['3'], roles),
        await session(phone(), '', ['0', '1', 'a', 'b', 'c'], roles),
        await session(phone(), code, ['1000000000', '1e9', '20', '2'], roles),
      ];
      // The gift waits on the phone: approved there, it is credited and listed under "My last gifts".
      const before = await currentAmount(app, causeId);
      expect((await approveOnPhone(app, await giftReference(app, giving))).json().status).toBe('success');
      expect(await currentAmount(app, causeId)).toBe(before + 2_000);
      script.push(await session(phone(), '', ['3'], roles));
      transcripts[gateway] = script;
    }
    expect(transcripts.hubtel).toEqual(transcripts.africastalking);
    const day = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    expect(transcripts.hubtel).toEqual([
      [
        ['dial', MENU, false],
        ['7', `Please pick a number from the list.\n${MENU}`, false],
        ['2', ASK_CHECK, false],
        ['12', `A cause code has 6 digits.\n${ASK_CHECK}`, false],
        ['<code>', 'Surgery for Ama\nRaised GHS 0.00 of GHS 5,000.00\n0 donors\nNo end date', true],
      ],
      [
        ['dial', MENU, false],
        ['1', ASK_GIVE, false],
        ['<unknown code>', `No open cause has that code.\n${ASK_GIVE}`, false],
        ['<code>', 'Surgery for Ama\nRaised GHS 0.00 of GHS 5,000.00\nEnter amount in GHS:', false],
        ['0', 'The amount must be more than 0.\nSurgery for Ama\nRaised GHS 0.00 of GHS 5,000.00\nEnter amount in GHS:', false],
        ['-5', 'Type an amount like 20 or 20.50.\nSurgery for Ama\nRaised GHS 0.00 of GHS 5,000.00\nEnter amount in GHS:', false],
        ['20', 'Give GHS 20.00 to Surgery for Ama by mobile money?\n1 Yes\n2 No', false],
        ['3', 'Please pick a number from the list.\nGive GHS 20.00 to Surgery for Ama by mobile money?\n1 Yes\n2 No', false],
        ['1', RECEIPTS, false],
        ['1', 'Approve GHS 20.00 for Surgery for Ama on your phone when the mobile money prompt comes. Thank you!', true],
      ],
      [
        ['dial', MENU, false],
        ['3', 'No gifts from this number yet. Dial again and pick 1 to give.', true],
      ],
      [
        ['dial', MENU, false],
        ['0', 'Language\n1 English\n2 Twi\n3 Eʋegbe\n4 Hausa\n5 Gã', false],
        ['1', MENU, false],
        ['a', `Please pick a number from the list.\n${MENU}`, false],
        ['b', `Please pick a number from the list.\n${MENU}`, false],
        ['c', TOO_MANY, true],
      ],
      [
        ['dial <code>', 'Surgery for Ama\nRaised GHS 0.00 of GHS 5,000.00\nEnter amount in GHS:', false],
        ['1000000000', 'That is more than one gift can be.\nSurgery for Ama\nRaised GHS 0.00 of GHS 5,000.00\nEnter amount in GHS:', false],
        ['1e9', 'Type an amount like 20 or 20.50.\nSurgery for Ama\nRaised GHS 0.00 of GHS 5,000.00\nEnter amount in GHS:', false],
        ['20', 'Give GHS 20.00 to Surgery for Ama by mobile money?\n1 Yes\n2 No', false],
        ['2', 'No gift was made. Goodbye.', true],
      ],
      [
        ['dial', MENU, false],
        ['3', `Your last gifts:\n${day} GHS 20.00 Surgery for Ama`, true],
      ],
    ]);
    // The "Text me receipts?" answer is kept for the phone, and the gift reads as anonymous with no address that mail goes to.
    const consent = await one<{ receipts: boolean }>(
      app,
      sql`SELECT receipts FROM ussd_sms_consents WHERE phone = ${PHONE_NUMBERS.hubtel}`,
    );
    expect(consent.receipts).toBe(true);
    const mail = await queryRows<{ status: string }>(app.db, sql`SELECT status FROM mail_outbox WHERE to_address LIKE '%@ussd.invalid'`);
    expect(mail.length).toBeGreaterThan(0);
    expect(new Set(mail.map((m) => m.status))).toEqual(new Set(['kept']));
  });

  it('answers each gateway in its exact wire format, and a retried request gets the same screen without running again', async () => {
    const app = ctx.app;
    const hubtel = await rawHubtel(app, {
      SessionId: 'wire-1',
      Type: 'initiation',
      Message: '*920*44#',
      ServiceCode: '*920*44#',
      Operator: 'vodafone',
      ClientState: '',
      Mobile: '233201234567',
      Sequence: '1',
    });
    expect(hubtel.statusCode).toBe(200);
    expect(hubtel.json()).toEqual({
      SessionId: 'wire-1',
      Type: 'response',
      Message: MENU,
      Label: 'Boafo',
      ClientState: '',
      DataType: 'input',
      FieldType: 'text',
    });
    const released = await rawHubtel(app, { SessionId: 'wire-1', Type: 'Release', Message: '', Mobile: '233201234567', Sequence: 2 });
    expect(released.json()).toMatchObject({ Type: 'release', Message: 'Goodbye.', DataType: 'display' });

    const at = await rawAfricasTalking(app, { sessionId: 'ATUid_wire', serviceCode: '*920*44#', phoneNumber: '+233201234567', text: '' });
    expect(at.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(at.body).toBe(`CON ${MENU}`);
    const ended = await rawAfricasTalking(app, {
      sessionId: 'ATUid_wire',
      serviceCode: '*920*44#',
      phoneNumber: '+233201234567',
      text: '3',
    });
    expect(ended.body).toBe('END No gifts from this number yet. Dial again and pick 1 to give.');

    for (const make of [hubtelPhone, africasTalkingPhone]) {
      const phone = make(app, '233551234567');
      await phone.dial();
      await phone.send('x');
      const second = await phone.send('y');
      expect(second.text).toBe(`Please pick a number from the list.\n${MENU}`);
      // The gateway sends the second wrong try again: the same screen, and it is not a third.
      expect(await phone.resend()).toEqual(second);
      expect(await phone.resend()).toEqual(second);
      expect(await phone.send('2')).toEqual({ text: ASK_CHECK, end: false });
    }
  });

  it('gives clear answers to bad input, never a 500', async () => {
    const app = ctx.app;
    // A session we never opened.
    const unknown = await rawHubtel(app, { SessionId: 'never-seen', Type: 'Response', Message: '1', Mobile: '233241234567', Sequence: 4 });
    expect(unknown.json()).toMatchObject({ Type: 'release', Message: 'This session has ended. Please dial again.' });
    const unknownAt = await rawAfricasTalking(app, { sessionId: 'ATUid_never', phoneNumber: '+233241234567', text: '1*2*3' });
    expect(unknownAt.body).toBe('END This session has ended. Please dial again.');

    // Oversized text: past any USSD string a 400 in our error shape; long but readable, a wrong try.
    const huge = await rawAfricasTalking(app, { sessionId: 'ATUid_huge', phoneNumber: '+233241234567', text: '1'.repeat(5_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'validation_error' });
    const hugeHubtel = await rawHubtel(app, { SessionId: 'huge', Type: 'Initiation', Message: 'x'.repeat(5_000), Mobile: '233241234567' });
    expect(hugeHubtel.statusCode).toBe(400);
    const phone = hubtelPhone(app, '233241234567');
    await phone.dial();
    expect((await phone.send('1'.repeat(100))).text).toBe(`That was too long.\n${MENU}`);

    // Cause codes that lead nowhere: unknown, closed, and a completed cause that takes no more.
    const { organizer, causeId: closedId } = await scene(app);
    const closed = await causeCode(app, closedId);
    expect(
      (await app.inject({ method: 'POST', url: `/api/causes/${closedId}/close/`, headers: bearer(organizer.access) })).statusCode,
    ).toBe(200);
    const { causeId: doneId } = await scene(app, { target_amount: '10.00' });
    await donate(app.db, { causeId: doneId, amount: 1_000 });
    const done = await causeCode(app, doneId);
    const doneName = (await one<{ n: string }>(app, sql`SELECT name AS n FROM causes WHERE id = ${doneId}`)).n;
    for (const make of [hubtelPhone, africasTalkingPhone]) {
      const giver = make(app, '233241234567');
      await giver.dial();
      await giver.send('1');
      expect((await giver.send(await unusedCode(app))).text).toBe(`No open cause has that code.\n${ASK_GIVE}`);
      expect((await giver.send(closed)).text).toBe(`No open cause has that code.\n${ASK_GIVE}`);
      expect(await giver.send(done)).toEqual({ text: TOO_MANY, end: true });
      // The completed cause can still be checked.
      const checker = make(app, '233241234567');
      await checker.dial();
      await checker.send('2');
      expect((await checker.send(done)).text).toBe(`${doneName}\nRaised GHS 10.00 of GHS 10.00\n1 donor\nNo end date`);
    }
    const giver = africasTalkingPhone(app, '233241234567');
    await giver.dial();
    await giver.send('1');
    expect((await giver.send(done)).text).toBe(`That cause is not taking gifts now.\n${ASK_GIVE}`);

    // A phone we cannot charge (Glo, a landline, a foreign number) is told how else to give.
    for (const mobile of ['233231234567', '233302123456', '447700900123']) {
      const other = hubtelPhone(app, mobile);
      await other.dial();
      const answer = await other.send('1');
      expect(answer.end).toBe(true);
      expect(answer.text).toMatch(/needs a Ghana MTN, Telecel or AT mobile money number/);
    }
  });

  it('asks for the code a wallet sends by SMS when the network wants one, and the right code pays', async () => {
    const app = ctx.app;
    const { causeId } = await scene(app, { name: 'Books for Wa' });
    const before = await currentAmount(app, causeId);
    // The sandbox asks numbers ending in 0 for a code (123456).
    const phone = africasTalkingPhone(app, '233241234560');
    await phone.dial(await causeCode(app, causeId));
    await phone.send('15.50');
    await phone.send('1');
    expect(await phone.send('2')).toEqual({ text: 'Enter the code your mobile money sent you by SMS:', end: false });
    expect((await phone.send('12')).text).toBe('The code is 4 to 8 digits.\nEnter the code your mobile money sent you by SMS:');
    expect(await phone.send('123 456')).toEqual({ text: 'Thank you! GHS 15.50 received.', end: true });
    expect(await currentAmount(app, causeId)).toBe(before + 1_550);
    const consent = await one<{ receipts: boolean }>(app, sql`SELECT receipts FROM ussd_sms_consents WHERE phone = '233241234560'`);
    expect(consent.receipts).toBe(false);
  });

  it('refuses calls without the gateway’s credentials, and everything when USSD is not set up', async () => {
    const app = ctx.app;
    const body = { SessionId: 'cred', Type: 'Initiation', Message: '*920*44#', Mobile: '233241234567', Sequence: 1 };
    const none = await rawHubtel(app, body, {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'The USSD gateway token is missing.', code: 'not_authenticated' });
    const wrong = await rawHubtel(app, body, { 'x-ussd-token': 'not-the-token-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('The USSD gateway token is wrong.');
    const atWrong = await rawAfricasTalking(app, { sessionId: 'x', phoneNumber: '+233241234567', text: '' }, '?token=nope');
    expect(atWrong.statusCode).toBe(401);
    const saved = app.config.ussd;
    try {
      app.config.ussd = { ...saved, allowedIps: ['197.253.0.0/16', '10.1.2.3'] };
      const outside = await rawAfricasTalking(
        app,
        { sessionId: 'ip', phoneNumber: '+233241234567', text: '' },
        `?token=${USSD_TOKEN}`,
        '127.0.0.1',
      );
      expect(outside.statusCode).toBe(403);
      expect(outside.json().detail).toBe('This address may not call the USSD gateway.');
      const inside = await rawAfricasTalking(
        app,
        { sessionId: 'ip', phoneNumber: '+233241234567', text: '' },
        `?token=${USSD_TOKEN}`,
        '197.253.14.9',
      );
      expect(inside.body).toBe(`CON ${MENU}`);
      app.config.ussd = { ...saved, gatewayToken: null, allowedIps: [] };
      const off = await rawHubtel(app, body);
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual({
        detail: 'USSD is not set up on this server (USSD_GATEWAY_TOKEN or USSD_ALLOWED_IPS).',
        code: 'permission_denied',
      });
    } finally {
      app.config.ussd = saved;
    }
  });

  it('gives each approved cause a six-digit code once, never reused, and answers it with what to dial', async () => {
    const app = ctx.app;
    const { admin, organizer } = await scene(app);
    const draft = await createCause(app, organizer.access);
    expect(draft.short_code).toBeNull();
    expect(draft.ussd_dial).toBeNull();
    const approved = await app.inject({ method: 'POST', url: `/api/admin/causes/${draft.id}/approve/`, headers: bearer(admin.access) });
    const code = approved.json().short_code as string;
    expect(code).toMatch(/^[1-9]\d{5}$/);
    const details = (await app.inject({ url: `/api/causes/details/${draft.id}/` })).json();
    expect(details).toMatchObject({ short_code: code, ussd_dial: `*920*44*${code}#` });
    // Closing keeps it; nothing rewrites it.
    await app.inject({ method: 'POST', url: `/api/causes/${draft.id}/close/`, headers: bearer(organizer.access) });
    await app.db.execute(sql`UPDATE causes SET short_code = '123456' WHERE id = ${draft.id}`);
    expect(await causeCode(app, draft.id)).toBe(code);
    // Deleted, its code stays taken: later causes get others.
    const before = new Set(
      (await queryRows<{ c: string }>(app.db, sql`SELECT short_code AS c FROM causes WHERE short_code IS NOT NULL`)).map((r) => r.c),
    );
    await app.db.execute(sql`DELETE FROM causes WHERE id = ${draft.id}`);
    for (let i = 0; i < 5; i += 1) {
      const { causeId } = await scene(app);
      const next = await causeCode(app, causeId);
      expect(next).not.toBe(code);
      expect(before.has(next)).toBe(false);
      before.add(next);
    }
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('USSD on two processes', () => {
  const apps = useTwoApps(postgres!, { admin: ADMIN, ussd: USSD });

  it('takes the steps of one session on either process, starts one charge for a retried last step, and credits once under 20 racing webhooks', async () => {
    const { a, b } = apps;
    const { organizer, causeId } = await scene(a);
    const code = await causeCode(a, causeId);
    for (const make of [hubtelPhone, africasTalkingPhone]) {
      const before = await currentAmount(a, causeId);
      const phone = make(a, '233541234563');
      await phone.dial();
      await phone.via(b).send('1');
      await phone.via(a).send(code);
      await phone.via(b).send('25');
      await phone.via(a).send('1');
      // The last step and the gateway's retries of it arrive at both processes at once.
      const last = phone.via(b).send('2');
      const retries = [phone.via(a).resend(), phone.via(b).resend(), phone.via(a).resend()];
      for (const screen of await Promise.all([last, ...retries])) expect(screen.end).toBe(true);
      const reference = await giftReference(a, phone);
      const payments = await one<{ n: number }>(
        a,
        sql`SELECT count(*)::int AS n FROM payments p JOIN mobile_charges m ON m.payment_id = p.id WHERE m.phone = '233541234563' AND p.status = 'pending'`,
      );
      expect(payments.n).toBe(1);
      const racing = Array.from({ length: 20 }, (_, i) => signedWebhook([a, b][i % 2], a.payments.webhookSecret, chargeSuccess(reference)));
      const [approved] = await Promise.all([approveOnPhone(b, reference), ...racing]);
      expect(approved.json().status).toBe('success');
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => signedWebhook([a, b][i % 2], a.payments.webhookSecret, chargeSuccess(reference))),
      );
      expect((await verify(b, reference)).statusCode).toBe(200);
      expect(await currentAmount(b, causeId)).toBe(before + 2_500);
    }
    expect(await notificationCount(a, organizer.id, 'New donation')).toBe(2);
  });
});
