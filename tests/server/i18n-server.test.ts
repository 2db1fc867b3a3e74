/**
 * The server speaks the reader's language: a guest's receipt mail and PDF in the language of the checkout
 * request (the app's cookie, else Accept-Language), drawn with a font that has Ewe, Ga and Hausa letters;
 * an account's own choice (profile `locale`) before the request's; API error texts by Accept-Language with
 * the code unchanged.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { SHARED_TEXTS } from '../../src/server/lib/localize';
import { passwordProblems } from '../../src/shared/sign-in';
import { bearer, multipartBody, newSession, sessionIdOf, useApp } from './helpers/app';
import { backends } from './helpers/backends';
import { ADMIN } from './helpers/causes';
import { sandboxDecide, scene, verify } from './helpers/giving';
import { pdfText } from './helpers/pdf-text';
import { MOMO, SANDBOX_BANK, useDetails } from './helpers/payouts';

/** Every letter Ewe, Ga and Hausa add to the Latin alphabet, lower and upper case: the donor's name carries them. */
const LETTERS = 'ɛɔŋƒʋɖ ƐƆŊƑƲƉ ƙɗɓ';

async function giveAndSettle(app: FastifyInstance, causeId: string, headers: Record<string, string>, extra: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cart/donate/',
    headers,
    payload: { cause_id: causeId, donation_amount: '40.00', email: `guest-${Date.now()}@example.com`, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { reference } = res.json() as { reference: string };
  await sandboxDecide(app, reference, 'success', { method: 'mobile_money' });
  expect((await verify(app, reference)).statusCode).toBe(200);
  const [mail] = await queryRows<{ subject: string; text_body: string; html_body: string }>(
    app.db,
    sql`SELECT subject, text_body, html_body FROM mail_outbox WHERE kind = 'receipt' AND subject LIKE ${`%${reference}%`}`,
  );
  return { reference, mail };
}

/** The receipt PDF through the link in the mail, opened with no language of its own (a mail app's browser). */
async function receiptFromMail(app: FastifyInstance, text: string) {
  const link = new URL(/https?:\/\/\S+receipt\.pdf\S*/.exec(text)![0]);
  const res = await app.inject({ url: `${link.pathname}${link.search}`, headers: { 'accept-language': 'en' } });
  expect(res.statusCode).toBe(200);
  return { link, text: pdfText(res.rawPayload), bytes: res.rawPayload.length };
}

describe.each(backends)('the server in the reader’s language on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test' });

  it("mails a guest's receipt, and draws its PDF, in the checkout's language: Twi by the app's cookie, Ewe by Accept-Language", async () => {
    const { causeId } = await scene(ctx.app);

    const twi = await giveAndSettle(ctx.app, causeId, { cookie: 'boafo_locale=ak', 'accept-language': 'en' }, { first_name: 'Kwabena' });
    expect(twi.mail.subject).toBe(`Wo Boafo ntoboa krataa (${twi.reference})`);
    expect(twi.mail.text_body).toContain('Ɛte sɛn Kwabena');
    expect(twi.mail.text_body).toContain('Yɛda wo ase wɔ wo ntoboa a wode mae wɔ Boafo so no ho.');
    expect(twi.mail.text_body).toContain('Ne nyinaa: GH₵40.00');
    expect(twi.mail.html_body).toContain('<html lang="ak">');
    const twiPdf = await receiptFromMail(ctx.app, twi.mail.text_body);
    expect(twiPdf.link.searchParams.get('lang')).toBe('ak');
    for (const words of ['Ntoboa krataa', `Nsɛnkyerɛnne: ${twi.reference}`, 'Ɛkwan a wɔfaa so tuae: Mobile money', 'GHS 40.00']) {
      expect(twiPdf.text).toContain(words);
    }

    const ewe = await giveAndSettle(
      ctx.app,
      causeId,
      { 'accept-language': 'fr;q=0.9, ee-GH, en;q=0.5' },
      { first_name: 'Eyram', last_name: LETTERS },
    );
    expect(ewe.mail.subject).toBe(`Wò Boafo nunana ƒe xɔxɔgbalẽ (${ewe.reference})`);
    expect(ewe.mail.text_body).toContain('Akpe na wò ɖe wò nunana le Boafo dzi ta.');
    expect(ewe.mail.text_body).toContain('Katã: GH₵40.00');
    expect(ewe.mail.text_body).toContain('Èxe fe kple: Mobile money');
    const ewePdf = await receiptFromMail(ctx.app, ewe.mail.text_body);
    for (const words of ['Nunana ƒe xɔxɔgbalẽ', `Nunala: Eyram ${LETTERS}`, 'Akpe na wò be èto Boafo dzi na nu.']) {
      expect(ewePdf.text).toContain(words);
    }
    // Each letter comes back as its own character: the font has it and the PDF's text layer maps it.
    for (const letter of LETTERS.replace(/ /g, '')) expect(ewePdf.text).toContain(letter);
    expect(ewePdf.text).not.toContain('?');
    // Only the letters drawn are embedded: a receipt stays a few kilobytes.
    expect(ewePdf.bytes).toBeLessThan(40_000);
  });

  it('answers API errors in Hausa for Accept-Language: ha, with the code unchanged; the cookie comes first', async () => {
    const { causeId } = await scene(ctx.app);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/donate/',
      headers: { 'accept-language': 'ha' },
      payload: { cause_id: causeId, donation_amount: '0', email: 'ama@example.com' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      detail: 'Da fatan za ka gyara filayen da aka haskaka.',
      code: 'validation_error',
      errors: { donation_amount: ['Shigar da adadi sama da 0.'] },
    });
    const missing = await ctx.app.inject({
      url: `/api/causes/details/${crypto.randomUUID()}/`,
      headers: { 'accept-language': 'ha-NG,ha;q=0.9' },
    });
    expect(missing.json()).toEqual({ detail: 'Ba a sami manufar ba.', code: 'not_found' });
    // A schema's own check ("at least 8 characters") with its value read back into the sentence.
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/auth/signup/',
      headers: { 'accept-language': 'ha' },
      payload: { first_name: 'Musa', last_name: 'Bello', email: 'musa@example.com', password: '1234', password2: '1234' },
    });
    expect(short.json().errors.password).toEqual([
      'Wannan kalmar sirri ta yi gajere sosai. Dole ta ƙunshi aƙalla haruffa 8.',
      'Wannan kalmar sirri lambobi ne kawai.',
    ]);
    const cookie = await ctx.app.inject({
      url: `/api/causes/details/${crypto.randomUUID()}/`,
      headers: { 'accept-language': 'ha', cookie: 'theme=dark; boafo_locale=ee' },
    });
    expect(cookie.json()).toEqual({ detail: 'Míekpɔ kpekpeɖeŋu la o.', code: 'not_found' });
    const english = await ctx.app.inject({ url: `/api/causes/details/${crypto.randomUUID()}/` });
    expect(english.json()).toEqual({ detail: 'Cause not found.', code: 'not_found' });
  });

  it('answers the two-step and step-up refusals in Hausa for Accept-Language: ha', async () => {
    const me = await newSession(ctx.app);
    await useDetails(ctx.app, me.access, MOMO);
    // The last password check 11 minutes ago: a change of payout details asks for it again.
    await ctx.app.repos.sessions.backdateVerified(sessionIdOf(me.access), 11 * 60);
    const hausa = { ...bearer(me.access), 'accept-language': 'ha' };
    const stale = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: hausa,
      payload: { withdrawal_address: SANDBOX_BANK },
    });
    expect(stale.statusCode, stale.body).toBe(403);
    expect(stale.json()).toEqual({
      detail: 'Tabbatar cewa kai ne da kalmar sirrinka, sannan ka sake gwadawa. Kuɗi suna tafiya ne kawai bayan bincike na kwanan nan.',
      code: 'step_up_required',
    });
    const blank = await ctx.app.inject({ method: 'POST', url: '/api/user/security/step-up/', headers: hausa, payload: {} });
    expect(blank.json()).toEqual({
      detail: 'Shigar da kalmar sirrinka.',
      code: 'validation_error',
      errors: { password: ['Shigar da kalmar sirrinka.'] },
    });
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/security/two-step/disable/',
      headers: hausa,
      payload: { code: '123456' },
    });
    expect(off.json()).toEqual({ detail: 'Shiga mataki-biyu ba ya aiki.', code: 'conflict' });
    const inEnglish = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/security/two-step/disable/',
      headers: bearer(me.access),
      payload: { code: '123456' },
    });
    expect(inEnglish.json()).toEqual({ detail: 'Two-step sign-in is not on.', code: 'conflict' });
  });

  it("keeps the profile's language; a signed-in donor's receipt speaks it whatever the request's", async () => {
    const me = await newSession(ctx.app);
    const put = async (locale: string) => {
      const form = await multipartBody({ locale });
      return ctx.app.inject({
        method: 'PUT',
        url: '/api/user/profile/',
        headers: { ...bearer(me.access), ...form.headers },
        payload: form.payload,
      });
    };
    const read = async () => (await ctx.app.inject({ url: '/api/user/profile/', headers: bearer(me.access) })).json().locale;
    expect(await read()).toBeNull();
    expect((await put('gaa')).json().locale).toBe('gaa');
    expect(await read()).toBe('gaa');
    const wrong = await put('fr');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'validation_error', errors: { locale: [expect.any(String)] } });
    expect(await read()).toBe('gaa');
    expect((await put('')).json().locale).toBeNull();
    expect((await put('ha')).json().locale).toBe('ha');

    const { causeId } = await scene(ctx.app);
    const { mail } = await giveAndSettle(ctx.app, causeId, { ...bearer(me.access), 'accept-language': 'ak' }, {});
    expect(mail.text_body).toContain('Mun gode da gudummawarka a Boafo. Ga rasidinka.');
  });

  it('takes a language at sign-up', async () => {
    const email = `signup-${Date.now()}@example.com`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/auth/signup/',
      payload: { first_name: 'Ama', last_name: 'Owusu', email, password: 'kente-cloth-42', password2: 'kente-cloth-42', locale: 'ak' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await queryRows<{ locale: string | null }>(ctx.app.db, sql`SELECT locale FROM users WHERE email = ${email}`);
    expect(row.locale).toBe('ak');
  });
});

describe('texts the shared code writes', () => {
  it('are the errors catalog’s English, so they are answered in every language', () => {
    expect(passwordProblems('1234')).toEqual([SHARED_TEXTS.passwordTooShort, SHARED_TEXTS.passwordNumeric]);
  });
});
