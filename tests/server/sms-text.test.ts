/** Every text's words (src/server/sms/sms-text.ts): one SMS where the words allow it, the title giving way first. No database. */
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../../src/shared/sms-segments';
import { firstGiftSms, receiptSms, withdrawalSms } from '../../src/server/sms/sms-text';

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

  it('folds curly quotes and dashes, and never cuts a title below 16 characters (a Twi title is counted as more parts)', () => {
    expect(firstGiftSms('en', { causeTitle: 'Ama’s “school” fees — 2026', amount: 500, link: 'https://b.gh/c/1' })).toBe(
      `Boafo: Ama's "school" fees - 2026 got its first gift, GHS 5.00! Share it to keep it going: https://b.gh/c/1`,
    );
    const twi = receipt('Ɔdɔ ma Nkwanta sukuufoɔ: nwoma ne ntadeɛ ma mmofra a wɔnni hwee');
    expect(twi).toContain('to Ɔdɔ ma Nkwanta... Ref');
    expect(smsSegments(twi)).toMatchObject({ encoding: 'ucs2', parts: 3 });
  });

  it('reads English for a language without a catalog yet, and gives a withdrawal its reason', () => {
    expect(receipt('Water', 'tw-GH')).toBe(receipt('Water', 'en'));
    expect(withdrawalSms('en', { causeTitle: 'Water', amount: 4000, status: 'failed', reason: 'The wallet refused it' })).toBe(
      'Boafo: your withdrawal of GHS 40.00 from Water failed: The wallet refused it',
    );
  });
});
