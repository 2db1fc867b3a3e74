/**
 * Texts in the recipient's language (issue #32 with #31): a donor's receipt in the language they gave in, counted
 * as UCS-2 parts when its words carry Twi's ɛ; an organizer's texts in the language of their account.
 */
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { scene } from './helpers/giving';
import { international, logSmsSettings, newPhone, settle, textsTo, playOrganizerSteps } from './helpers/sms';

describe.each(backends)('texts in the reader’s language on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test', sms: logSmsSettings() });

  /** A guest's gift with "Text me", made from a browser reading `language`. */
  async function giveIn(language: string, causeId: string, phone: string): Promise<string> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/donate/',
      headers: { 'accept-language': language },
      payload: {
        cause_id: causeId,
        donation_amount: '25.00',
        email: 'kofi.guest@example.com',
        phone_country_code: '+233',
        phone_number: phone,
        sms_opt_in: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().reference;
  }

  it('texts a donor who gave in Twi the receipt in Twi, counted as UCS-2 parts before it is queued', async () => {
    const { organizer, causeId } = await scene(ctx.app, { name: 'Clean water for Tamale' });
    const [twi, english] = [newPhone(), newPhone()];
    const inTwi = await giveIn('ak-GH,ak;q=0.9,en;q=0.5', causeId, twi);
    const inEnglish = await giveIn('en-GB', causeId, english);
    await settle(ctx.app, inTwi);
    await settle(ctx.app, inEnglish);
    const [receipt] = await textsTo(ctx.app, international(twi));
    // The title gives way only as far as it saves a part: two UCS-2 parts of 67.
    expect(receipt.text_body).toBe(`Boafo: yɛda wo ase, GHS 25.00 ama Clean water for... Ref ${inTwi} https://boafo.test/r/${inTwi}`);
    expect(receipt.segments).toBe(2);
    const [plain] = await textsTo(ctx.app, international(english));
    expect(plain.text_body).toBe(
      `Boafo: thank you for GHS 25.00 to Clean water for Tamale. Ref ${inEnglish} https://boafo.test/r/${inEnglish}`,
    );
    expect(plain.segments).toBe(1);
    await ctx.app.sms.flush();
    expect((await textsTo(ctx.app, international(twi)))[0]).toMatchObject({ status: 'kept', segments: 2 });
    // A cause's update goes to each number once, whatever language each gave in (the frame is the organizer's words).
    const update = await ctx.app.inject({
      method: 'POST',
      url: `/api/causes/${causeId}/updates/`,
      headers: bearer(organizer.access),
      payload: { body: 'Yɛde nsuo aba!' },
    });
    expect(update.statusCode).toBe(201);
    for (const phone of [twi, english]) {
      const updates = (await textsTo(ctx.app, international(phone))).filter((t) => t.kind === 'cause_update');
      expect(updates.map((t) => [t.text_body, t.segments])).toEqual([['Clean water for Tamale: Yɛde nsuo aba!', 1]]);
    }
  });

  it('texts an organizer whose account reads Ewe the first gift, the goal and the withdrawal steps in Ewe', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app, { target_amount: '30.00', name: 'Water' });
    const phone = newPhone();
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: bearer(organizer.access),
      payload: { phone_number: phone, sms_opt_in: true, locale: 'ee' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await playOrganizerSteps(ctx.app, { admin, organizer, causeId }, 'Send the invoice first');
    const link = `https://boafo.test/causes/${causeId}`;
    const texts = await textsTo(ctx.app, international(phone));
    expect(texts.map((t) => [t.kind, t.text_body, t.segments])).toEqual([
      ['cause_first_donation', `Boafo: Water xɔ nunana gbãtɔ, GHS 20.00! Kaka nya la: ${link}`, 2],
      ['cause_goal_reached', `Boafo: Water ɖo taɖodzinu! Da akpe na nunalawo: ${link}`, 2],
      ['withdrawal_approved', 'Boafo: ga GHS 40.00 si nèɖe tso Water me la, wolɔ̃ ɖe edzi.', 1],
      ['withdrawal_paid', 'Boafo: ga GHS 40.00 si nèɖe tso Water me la, woxe.', 1],
      // The reviewer's own words stay as written.
      ['withdrawal_rejected', 'Boafo: ga GHS 5.00 si nèɖe tso Water me la, wogbe: Send the invoice first', 2],
    ]);
  });
});
