/**
 * Every text's words (src/server/sms/sms-text.ts), from the `sms` catalog in the recipient's language: one SMS where
 * the words allow it, the title giving way first, and only as far as it saves a part. No database.
 */
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../../src/shared/sms-segments';
import { causeUpdateSms, firstGiftSms, goalReachedSms, receiptSms, withdrawalSms } from '../../src/server/sms/sms-text';
import { LOCALES } from '../../src/shared/i18n/locales';

const receipt = (causeTitle: string, locale = 'en') =>
  receiptSms(locale, {
    amount: 123_456_78,
    causeTitle,
    otherCauses: 0,
    reference: 'bf-abcdefghijklmnopqrstuvwx',
    link: 'https://give.boafo.example.gh/r/bf-abcdefghijklmnopqrstuvwx',
  });

describe('the words of a text', () => {
  it('shortens a long cause title so the receipt fits one SMS, keeping amount, reference and link whole', () => {
    const text = receipt('Emergency surgery and three months of recovery care for little Kwame Mensah of Kumasi');
    expect(smsSegments(text)).toMatchObject({ encoding: 'gsm7', parts: 1 });
    expect(text).toMatch(
      /^Boafo: thank you for GHS 123,456\.78 to Emergency surgery.*\.\.\. Ref bf-abcdefghijklmnopqrstuvwx https:\/\/give\.boafo\.example\.gh\/r\/bf-abcdefghijklmnopqrstuvwx$/,
    );
  });

  it('folds curly quotes and dashes; a title in Twi letters costs more parts, and is cut only as far as that saves one', () => {
    expect(firstGiftSms('en', { causeTitle: 'Ama’s “school” fees — 2026', amount: 500, link: 'https://b.gh/c/1' })).toBe(
      `Boafo: Ama's "school" fees - 2026 got its first gift, GHS 5.00! Share it to keep it going: https://b.gh/c/1`,
    );
    // UCS-2: even a 16-character title leaves 3 parts (67 each), so the title keeps what those 3 parts hold.
    const twi = receipt('Ɔdɔ ma Nkwanta sukuufoɔ: nwoma ne ntadeɛ ma mmofra a wɔnni hwee');
    expect(twi).toContain('to Ɔdɔ ma Nkwanta sukuufoɔ: nwoma');
    expect(smsSegments(twi)).toMatchObject({ encoding: 'ucs2', parts: 3 });
    expect(smsSegments(receipt('Ɔdɔ ma Nkwanta sukuufoɔ: nwoma ne ntadeɛ ma mmofra a wɔnni hwee biara koraa'))).toMatchObject({
      parts: 3,
    });
  });

  it('writes each text in the recipient’s language, Twi and Ewe letters counted as UCS-2, at most two parts for a usual receipt', () => {
    const usual = (locale: string) =>
      receiptSms(locale, {
        amount: 2_500,
        causeTitle: 'Clean water for Tamale',
        otherCauses: 0,
        reference: 'bf-abcdefghijklmnopqrstuvwx',
        link: 'https://boafo.test/r/bf-abcdefghijklmnopqrstuvwx',
      });
    const parts = Object.fromEntries(LOCALES.map((locale) => [locale, smsSegments(usual(locale))]));
    expect(usual('ak')).toBe(
      'Boafo: yɛda wo ase, GHS 25.00 ama Clean water for... Ref bf-abcdefghijklmnopqrstuvwx https://boafo.test/r/bf-abcdefghijklmnopqrstuvwx',
    );
    expect(parts.ak).toMatchObject({ encoding: 'ucs2', parts: 2, unicodeCharacters: ['ɛ'] });
    expect(usual('ee')).toContain('Boafo: akpe na wò, GHS 25.00 na Clean water for Tamale. Ref');
    expect(parts.ee).toMatchObject({ encoding: 'gsm7', parts: 1 }); // ò is in the GSM alphabet
    expect(usual('ha')).toContain('Boafo: mun gode da GHS 25.00 zuwa Clean water for Tamale.');
    expect(parts.ha).toMatchObject({ encoding: 'gsm7', parts: 1 });
    expect(parts.gaa).toMatchObject({ encoding: 'ucs2', parts: 2 });
    expect(parts.en).toMatchObject({ encoding: 'gsm7', parts: 1 });
    // More causes, in the language's words; an organizer's texts too.
    expect(receiptSms('ak', { amount: 100, causeTitle: 'Water', otherCauses: 2, reference: 'bf-x', link: 'l' })).toBe(
      'Boafo: yɛda wo ase, GHS 1.00 ama Water ne 2 bio. Ref bf-x l',
    );
    expect(receiptSms('en', { amount: 100, causeTitle: 'Water', otherCauses: 1, reference: 'bf-x', link: 'l' })).toBe(
      'Boafo: thank you for GHS 1.00 to Water +1 more. Ref bf-x l',
    );
    expect(goalReachedSms('ee', { causeTitle: 'Water', link: 'l' })).toBe('Boafo: Water ɖo taɖodzinu! Da akpe na nunalawo: l');
    expect(withdrawalSms('ha', { causeTitle: 'Water', amount: 4000, status: 'paid', reason: null })).toBe(
      'Boafo: an biya cirewarka ta GHS 40.00 daga Water.',
    );
    // An organizer's own words come out as written, even what looks like an escape to the message format.
    expect(causeUpdateSms('gaa', { causeTitle: 'Roof', body: ' It is on \\u0041 {now}. ' })).toBe('Roof: It is on \\u0041 {now}.');
  });

  it('reads English for a language without a catalog yet, and gives a withdrawal its reason', () => {
    expect(receipt('Water', 'tw-GH')).toBe(receipt('Water', 'en'));
    expect(withdrawalSms('en', { causeTitle: 'Water', amount: 4000, status: 'failed', reason: 'The wallet refused it' })).toBe(
      'Boafo: your withdrawal of GHS 40.00 from Water failed: The wallet refused it',
    );
  });
});
