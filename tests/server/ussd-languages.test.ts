/**
 * The USSD menu in each of the five languages (issue #32 with #31): every screen ≤ 160 characters in every
 * language with the longest values a screen can carry (names shortened, figures whole), and a caller who picks
 * Ewe at "0 Language" reads Ewe through either gateway, gives, is texted the receipt in Ewe, and the phone's
 * next session opens in Ewe; the admins' phone simulator plays the same through either adapter.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_GIFT_PESEWAS } from '../../src/server/payments/amounts';
import * as T from '../../src/server/ussd/ussd-text';
import { backends } from './helpers/backends';
import { bearer, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { one, scene } from './helpers/giving';
import { logSmsSettings, textsTo } from './helpers/sms';
import { PHONES, SERVICE_CODE, USSD_TOKEN, type Phone } from './helpers/ussd-phones';

const REASONS: T.UssdReason[] = [
  'not_a_choice',
  'code_digits',
  'no_such_cause',
  'not_taking_gifts',
  'amount_format',
  'amount_positive',
  'amount_max',
  'too_long',
  'otp_format',
];

describe('USSD screens in every language', () => {
  const longName = `${'Emergency surgery and three months of recovery care for little Kwame Mensah of Kumasi '.repeat(3)}`.trim();
  const most = MAX_GIFT_PESEWAS;
  const cause = { name: longName, raised: 99_999_999_99, goal: 99_999_999_99 };
  const at = new Date('2026-09-27T12:00:00Z');

  /** Every screen a caller can see in `locale`, with the longest values. */
  function screens(locale: T.UssdLocale): [string, string][] {
    const withReasons = (name: string, render: (reason?: T.UssdReason) => string): [string, string][] => [
      [name, render()],
      ...REASONS.map((reason): [string, string] => [`${name} / ${reason}`, render(reason)]),
    ];
    return [
      ...withReasons('menu', (r) => T.mainMenu(locale, r)),
      ...withReasons('give code', (r) => T.askCauseCode(locale, 'give', r)),
      ...withReasons('check code', (r) => T.askCauseCode(locale, 'check', r)),
      ...withReasons('amount', (r) => T.askAmount(locale, cause, r)),
      ...withReasons('confirm', (r) => T.confirmGift(locale, { name: longName, amount: most }, r)),
      ...withReasons('receipts', (r) => T.askReceipts(locale, r)),
      ...withReasons('otp', (r) => T.askOtp(locale, r)),
      ...withReasons('language', (r) => T.languages(locale, r)),
      ['approve', T.approveOnPhone(locale, { name: longName, amount: most })],
      ['received', T.giftReceived(locale, most)],
      ['stopped', T.giftFailed(locale, T.giftStopped(locale))],
      ['unreachable', T.giftFailed(locale, T.giftUnreachable(locale))],
      ['provider', T.giftFailed(locale, 'The wallet refused the payment because the daily limit was reached. '.repeat(3))],
      ['cancelled', T.giftCancelled(locale)],
      ['no mobile money', T.needsMobileMoney(locale)],
      ['facts', T.causeFacts(locale, { ...cause, donors: 1_234_567, daysLeft: 999 })],
      ['facts, one donor, last day', T.causeFacts(locale, { ...cause, goal: 0, donors: 1, daysLeft: 0 })],
      ['facts, no end', T.causeFacts(locale, { ...cause, donors: 0, daysLeft: null })],
      ['no gifts', T.lastGifts(locale, [])],
      [
        'last gifts',
        T.lastGifts(
          locale,
          [1, 2, 3].map(() => ({ causeName: longName, amount: most, completedAt: at })),
        ),
      ],
      ['too many tries', T.tooManyTries(locale)],
      ['expired', T.sessionExpired(locale)],
      ['goodbye', T.goodbye(locale)],
    ];
  }

  it.each(T.USSD_LOCALES.map((l) => l.code))('every %s screen fits 160 characters, names shortened and figures whole', (locale) => {
    for (const [name, text] of screens(locale)) {
      expect(text.length, `${locale} ${name}: ${text}`).toBeLessThanOrEqual(T.USSD_SCREEN_MAX);
      expect(text.trim(), `${locale} ${name}`).not.toBe('');
      expect(text, `${locale} ${name}`).not.toMatch(/ussd\.|\{|\}/); // an id or a placeholder left over
    }
    const figures = Object.fromEntries(screens(locale));
    expect(figures.amount).toContain(T.ussdGhs(cause.raised));
    expect(figures.amount).toContain('...');
    expect(figures[`amount / amount_max`]).toContain(T.ussdGhs(cause.goal));
    expect(figures.confirm).toContain(T.ussdGhs(most));
    expect(figures.approve).toContain(T.ussdGhs(most));
    expect(figures.facts).toMatch(/1\D?234\D?567/);
  });

  it('lists the five languages by their own names; a language’s words differ from English on every screen', () => {
    expect(T.languages('ha')).toBe('Harshe\n1 English\n2 Twi\n3 Eʋegbe\n4 Hausa\n5 Gã');
    const english = Object.fromEntries(screens('en'));
    for (const locale of ['ak', 'ee', 'ha', 'gaa'] as const) {
      const same = screens(locale)
        .filter(([name, text]) => text === english[name] && !name.startsWith('provider'))
        .map(([name]) => name);
      expect(same, locale).toEqual([]);
    }
    expect(T.causeFacts('ee', { name: 'Water', raised: 100, goal: 0, donors: 2, daysLeft: 5 })).toBe(
      'Water\nWoxɔ GHS 1.00\nnunalawo 2\nŋkeke 5 susɔ',
    );
    expect(T.causeFacts('ak', { name: 'Water', raised: 100, goal: 200, donors: 0, daysLeft: 1 })).toBe(
      'Water\nWɔanya GHS 1.00 wɔ GHS 2.00 mu\nAboafoɔ 0\nDa 1 aka',
    );
  });
});

const EWE_MENU = 'Boafo\n1 Na nu kpekpeɖeŋu aɖe\n2 Kpɔ kpekpeɖeŋu aɖe\n3 Nunana siwo mena\n0 Gbe';
const EWE_ASK_GIVE = 'Na nu kpekpeɖeŋu aɖe\nŊlɔ kpekpeɖeŋu la ƒe kɔd si nye xexlẽdzesi 6 (le eƒe poster alo axa dzi):';
const EWE_AMOUNT = 'Surgery for Esi\nWoxɔ GHS 0.00 le GHS 5,000.00 me\nŊlɔ ga home le GHS me:';
const MENU = 'Boafo\n1 Give to a cause\n2 Check a cause\n3 My last gifts\n0 Language';
const LANGUAGES = 'Language\n1 English\n2 Twi\n3 Eʋegbe\n4 Hausa\n5 Gã';
const NUMBERS = { hubtel: '233241239901', africastalking: '233241239902' };

describe.each(backends)('USSD in Ewe on $name', (backend) => {
  const ctx = useApp(backend, {
    admin: ADMIN,
    publicUrl: 'https://boafo.test',
    sms: logSmsSettings(),
    ussd: { serviceCode: SERVICE_CODE, gatewayToken: USSD_TOKEN, allowedIps: [] },
  });

  async function play(phone: Phone, inputs: string[]): Promise<[string, string, boolean][]> {
    const first = await phone.dial();
    const shown: [string, string, boolean][] = [['dial', first.text, first.end]];
    for (const input of inputs) {
      const screen = await phone.send(input);
      shown.push([input, screen.text, screen.end]);
    }
    return shown;
  }

  const reference = async (app: FastifyInstance, phone: Phone) =>
    (
      await one<{ r: string }>(
        app,
        sql`SELECT payment_reference AS r FROM ussd_sessions WHERE id = ${`${phone.gateway}:${phone.sessionId}`}`,
      )
    ).r;

  it('picks Ewe at 0, gives with the Ewe words on screen through both gateways, and is texted and greeted in Ewe after', async () => {
    const app = ctx.app;
    const transcripts: Record<string, [string, string, boolean][]> = {};
    for (const [gateway, makePhone] of Object.entries(PHONES)) {
      const mobile = NUMBERS[gateway as keyof typeof NUMBERS];
      const { causeId } = await scene(app, { name: 'Surgery for Esi', target_amount: '5000.00' });
      const code = (await one<{ c: string }>(app, sql`SELECT short_code AS c FROM causes WHERE id = ${causeId}`)).c;
      const giving = makePhone(app, mobile);
      const shown = await play(giving, ['0', '9', '3', '1', '12', code, '0', '20', '1', '1']);
      transcripts[gateway] = shown.map(([input, text, end]) => [input === code ? '<code>' : input, text, end]);
      // Approved on the phone: the receipt SMS is in Ewe (the payment kept the session's language).
      const ref = await reference(app, giving);
      expect((await app.inject({ method: 'POST', url: `/sandbox/momo/${ref}/`, payload: { outcome: 'approve' } })).json().status).toBe(
        'success',
      );
      const payment = await one<{ locale: string }>(app, sql`SELECT locale FROM payments WHERE reference = ${ref}`);
      expect(payment.locale).toBe('ee');
      const [receipt, ...more] = await textsTo(app, mobile);
      expect(more).toEqual([]);
      expect(receipt.text_body).toBe(`Boafo: akpe na wò, GHS 20.00 na Surgery for Esi. Ref ${ref} https://boafo.test/r/${ref}`);
      expect(receipt.segments).toBe(1);
      // The number's next session opens in Ewe; its last gifts in Ewe words.
      const again = await play(makePhone(app, mobile), ['3']);
      expect(again[0]).toEqual(['dial', EWE_MENU, false]);
      expect(again[1][1]).toMatch(/^Wò nunana mamlɛtɔwo:\n.+ GHS 20\.00 Surgery for Esi$/);
      expect(again[1][2]).toBe(true);
      // Back to English at 0 1: kept for the number too.
      await play(makePhone(app, mobile), ['0', '1']);
      expect((await makePhone(app, mobile).dial()).text).toBe(MENU);
    }
    expect(transcripts.hubtel).toEqual(transcripts.africastalking);
    expect(transcripts.hubtel).toEqual([
      ['dial', MENU, false],
      ['0', LANGUAGES, false],
      ['9', `Please pick a number from the list.\n${LANGUAGES}`, false],
      ['3', EWE_MENU, false],
      ['1', EWE_ASK_GIVE, false],
      ['12', `Kpekpeɖeŋu ƒe kɔd nye xexlẽdzesi 6.\n${EWE_ASK_GIVE}`, false],
      ['<code>', EWE_AMOUNT, false],
      ['0', `Ele be ga home la nagbɔ 0 ŋu.\n${EWE_AMOUNT}`, false],
      ['20', 'Na GHS 20.00 Surgery for Esi to mobile money dzi?\n1 Ẽ\n2 Ao', false],
      ['1', 'Ɖo xɔxɔgbalẽ ɖam le SMS dzi?\n1 Ẽ\n2 Ao', false],
      ['1', 'Ne mobile money biabia la va la, lɔ̃ ɖe GHS 20.00 na Surgery for Esi dzi le wò fon dzi. Akpe!', true],
    ]);
  });

  it('plays a Hausa session on the admins’ phone simulator through either adapter, the wire carrying the Hausa screen', async () => {
    const { admin } = await scene(ctx.app);
    const HAUSA_MENU = 'Boafo\n1 Ba da gudummawa\n2 Duba manufa\n3 Gudummawata na baya\n0 Harshe';
    for (const [gateway, phone] of [
      ['hubtel', '024 123 9911'],
      ['africastalking', '024 123 9912'],
    ] as const) {
      const step = async (input: string, sessionId?: string) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/ussd/simulate/',
          headers: bearer(admin.access),
          payload: { gateway, phone, input, ...(sessionId ? { session_id: sessionId } : {}) },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { session_id: string; screen: string; ended: boolean; wire_response: string };
      };
      const first = await step('');
      expect(first.screen).toBe(MENU);
      expect((await step('0', first.session_id)).screen).toBe(LANGUAGES);
      const menu = await step('4', first.session_id);
      expect(menu.screen).toBe(HAUSA_MENU);
      expect(menu.wire_response).toContain(gateway === 'hubtel' ? JSON.stringify(HAUSA_MENU) : `CON ${HAUSA_MENU}`);
      expect((await step('x', first.session_id)).screen).toBe(`Da fatan ka zabi lamba daga jerin.\n${HAUSA_MENU}`);
      const none = await step('3', first.session_id);
      expect(none).toMatchObject({ screen: 'Babu gudummawa daga wannan lambar tukuna. Sake kira ka zabi 1 don bayarwa.', ended: true });
    }
  });
});
