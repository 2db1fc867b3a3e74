/**
 * Every text Boafo sends, built here and nowhere else, in the recipient's language (`locale`: the `sms`
 * catalog; an unknown locale reads English). Each is meant to fit one SMS (160 GSM-7 characters): the
 * cause's title is shortened to make room, never the amount, the reference or the link. What still does
 * not fit (a long update, words with Twi's or Ewe's ɛ, ɔ, ɖ: UCS-2, 70 characters a part) is sent as
 * more parts, counted before it is queued (repositories/sms.ts); the title then gives way only as far as
 * it saves a part. Money reads "GHS 25.00": the cedi sign ₵ is not in the GSM-7 alphabet and would make
 * every text UCS-2.
 */
import { formatGhs } from '../../shared/money';
import { SMS_UPDATE_TITLE_MAX, smsClip, smsSegments } from '../../shared/sms-segments';
import type { WithdrawalStatus } from '../../shared/contract/payouts';
import type { ServerMessageId } from '../../shared/i18n/message-ids.gen';
import { asWritten } from '../lib/localize';
import { translator } from '../lib/i18n';

export type SmsLocale = string;
export const DEFAULT_SMS_LOCALE: SmsLocale = 'en';

/** The title is never cut below this many characters, even when the text then takes more parts. */
const TITLE_MIN = 16;

const ghs = (pesewas: number) => formatGhs(pesewas).replace('GH₵', 'GHS ');

/** The locale's words; organizers' and donors' own texts in the values come out as written. */
const words = (locale: SmsLocale) => asWritten(translator(locale.toLowerCase().split(/[-_]/)[0]));

/**
 * The longest form of `title` with which `frame(title)` takes as few parts as it can: one SMS when a title
 * of TITLE_MIN characters allows it, else the fewest such a title allows (never cut below TITLE_MIN).
 */
function fitTitle(title: string, frame: (title: string) => string): string {
  const full = smsClip(title, 200);
  let length = [...full].length;
  const fewest = smsSegments(frame(smsClip(full, Math.min(length, TITLE_MIN)))).parts;
  let text = frame(full);
  while (smsSegments(text).parts > fewest && length > TITLE_MIN) {
    length -= 1;
    text = frame(smsClip(full, length));
  }
  return text;
}

/** The withdrawal steps an organizer is texted about (the same ones they are mailed about). */
export type WithdrawalStep = Extract<WithdrawalStatus, 'approved' | 'paid' | 'failed' | 'rejected'>;

const WITHDRAWAL: Record<WithdrawalStep, ServerMessageId> = {
  approved: 'sms.withdrawal.approved',
  paid: 'sms.withdrawal.paid',
  failed: 'sms.withdrawal.failed',
  rejected: 'sms.withdrawal.rejected',
};

/** The donor's receipt: amount, cause (and how many more), the payment's reference and the short receipt link. */
export function receiptSms(
  locale: SmsLocale,
  p: { amount: number; causeTitle: string; otherCauses: number; reference: string; link: string },
): string {
  const t = words(locale);
  const values = { amount: ghs(p.amount), others: p.otherCauses, reference: p.reference, link: p.link };
  return fitTitle(p.causeTitle, (title) => t('sms.receipt', { ...values, title }));
}

/** A cause's update, to its donors who asked for texts; the PWA's composer counts the same frame. */
export function causeUpdateSms(locale: SmsLocale, p: { causeTitle: string; body: string }): string {
  return words(locale)('sms.causeUpdate', { title: smsClip(p.causeTitle, SMS_UPDATE_TITLE_MAX), body: p.body.trim() });
}

export function firstGiftSms(locale: SmsLocale, p: { causeTitle: string; amount: number; link: string }): string {
  const t = words(locale);
  return fitTitle(p.causeTitle, (title) => t('sms.firstGift', { title, amount: ghs(p.amount), link: p.link }));
}

export function goalReachedSms(locale: SmsLocale, p: { causeTitle: string; link: string }): string {
  const t = words(locale);
  return fitTitle(p.causeTitle, (title) => t('sms.goalReached', { title, link: p.link }));
}

/** A withdrawal step; `reason` (a reviewer's or the provider's own words) follows a colon, as written. */
export function withdrawalSms(
  locale: SmsLocale,
  p: { causeTitle: string; amount: number; status: WithdrawalStep; reason: string | null },
): string {
  const t = words(locale);
  const end = p.reason ? `: ${smsClip(p.reason, 60)}` : '.';
  return fitTitle(p.causeTitle, (title) => t(WITHDRAWAL[p.status], { title, amount: ghs(p.amount), end }));
}

/** To an organizer whose payout details changed (or were removed): where money now goes, the hold, and the undo link. */
export function payoutChangedSms(locale: SmsLocale, p: { destination: string | null; holdHours: number; undoLink: string }): string {
  const t = words(locale);
  if (p.destination === null) return t('sms.payoutRemoved', { link: p.undoLink });
  return p.holdHours > 0
    ? t('sms.payoutChanged', { destination: p.destination, hours: p.holdHours, link: p.undoLink })
    : t('sms.payoutChangedNow', { destination: p.destination, link: p.undoLink });
}
