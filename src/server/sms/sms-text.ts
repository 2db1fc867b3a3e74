/**
 * Every text Boafo sends, built here and nowhere else, in the recipient's language (`locale`; English
 * until the message catalogs land: an unknown locale reads English). Each is meant to fit one SMS
 * (160 GSM-7 characters): the cause's title is shortened to make room, never the amount, the
 * reference or the link. What still does not fit (a long update, a title in Twi with ɛ or ɔ) is sent
 * as more parts, counted before it is queued (repositories/sms.ts). Money reads "GHS 25.00": the
 * cedi sign ₵ is not in the GSM-7 alphabet and would make every text UCS-2 (70 characters).
 */
import { formatGhs } from '../../shared/money';
import { SMS_UPDATE_TITLE_MAX, smsClip, smsSegments } from '../../shared/sms-segments';
import type { WithdrawalStatus } from '../../shared/contract/payouts';

export type SmsLocale = string;
export const DEFAULT_SMS_LOCALE: SmsLocale = 'en';

/** The title is never cut below this many characters, even when the text then takes two parts. */
const TITLE_MIN = 16;

const ghs = (pesewas: number) => formatGhs(pesewas).replace('GH₵', 'GHS ');

/** The longest form of `title` (down to TITLE_MIN characters) with which `frame(title)` fits one SMS. */
function fitTitle(title: string, frame: (title: string) => string): string {
  const full = smsClip(title, 200);
  let length = [...full].length;
  let text = frame(full);
  while (smsSegments(text).parts > 1 && length > TITLE_MIN) {
    length -= 1;
    text = frame(smsClip(full, length));
  }
  return text;
}

const en = {
  receipt: (p: { amount: number; causeTitle: string; otherCauses: number; reference: string; link: string }) =>
    fitTitle(
      p.causeTitle,
      (title) =>
        `Boafo: thank you for ${ghs(p.amount)} to ${title}${p.otherCauses > 0 ? ` +${p.otherCauses} more` : ''}. Ref ${p.reference} ${p.link}`,
    ),
  causeUpdate: (p: { causeTitle: string; body: string }) => `${smsClip(p.causeTitle, SMS_UPDATE_TITLE_MAX)}: ${p.body.trim()}`,
  firstGift: (p: { causeTitle: string; amount: number; link: string }) =>
    fitTitle(p.causeTitle, (title) => `Boafo: ${title} got its first gift, ${ghs(p.amount)}! Share it to keep it going: ${p.link}`),
  goalReached: (p: { causeTitle: string; link: string }) =>
    fitTitle(p.causeTitle, (title) => `Boafo: ${title} reached its goal. Well done, and thank your donors! ${p.link}`),
  withdrawal: (p: { causeTitle: string; amount: number; status: WithdrawalStep; reason: string | null }) => {
    const outcome = {
      approved: 'was approved',
      paid: 'was paid',
      failed: 'failed',
      rejected: 'was rejected',
    }[p.status];
    const why = p.reason ? `: ${smsClip(p.reason, 60)}` : '.';
    return fitTitle(p.causeTitle, (title) => `Boafo: your withdrawal of ${ghs(p.amount)} from ${title} ${outcome}${why}`);
  },
};

/** The withdrawal steps an organizer is texted about (the same ones they are mailed about). */
export type WithdrawalStep = Extract<WithdrawalStatus, 'approved' | 'paid' | 'failed' | 'rejected'>;

type Catalog = typeof en;
/** One entry per language; the language work adds its catalogs here. */
const CATALOGS: Record<string, Catalog> = { en };
const catalog = (locale: SmsLocale): Catalog => CATALOGS[locale.toLowerCase().split(/[-_]/)[0]] ?? en;

/** The donor's receipt: amount, cause (and how many more), the payment's reference and the short receipt link. */
export const receiptSms = (locale: SmsLocale, p: Parameters<Catalog['receipt']>[0]) => catalog(locale).receipt(p);
/** A cause's update, to its donors who asked for texts; the PWA's composer counts the same frame. */
export const causeUpdateSms = (locale: SmsLocale, p: Parameters<Catalog['causeUpdate']>[0]) => catalog(locale).causeUpdate(p);
export const firstGiftSms = (locale: SmsLocale, p: Parameters<Catalog['firstGift']>[0]) => catalog(locale).firstGift(p);
export const goalReachedSms = (locale: SmsLocale, p: Parameters<Catalog['goalReached']>[0]) => catalog(locale).goalReached(p);
export const withdrawalSms = (locale: SmsLocale, p: Parameters<Catalog['withdrawal']>[0]) => catalog(locale).withdrawal(p);
