/**
 * Every word a phone shows over USSD, each screen a function of the caller's language (the `ussd` catalog;
 * the language is picked at "0 Language" and kept in the session). A screen is at most 160 characters
 * (USSD_SCREEN_MAX) in every language: a cause's name is shortened to fit, never the figures. Amounts read
 * "GHS 25.00": the cedi sign is not in the GSM alphabet phones display.
 */
import { toDecimalString } from '../../shared/money';
import { intlLocales } from '../../shared/i18n/intl-locales';
import type { ServerMessageId } from '../../shared/i18n/message-ids.gen';
import { translator, type Translate } from '../lib/i18n';
import { asWritten } from '../lib/localize';

/** The menu's languages, each named in itself, in the order "0 Language" lists them. */
export const USSD_LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'ak', name: 'Twi' },
  { code: 'ee', name: 'Eʋegbe' },
  { code: 'ha', name: 'Hausa' },
  { code: 'gaa', name: 'Gã' },
] as const;
export type UssdLocale = (typeof USSD_LOCALES)[number]['code'];
export const DEFAULT_USSD_LOCALE: UssdLocale = 'en';
export const USSD_SCREEN_MAX = 160;

export function isUssdLocale(value: unknown): value is UssdLocale {
  return USSD_LOCALES.some((locale) => locale.code === value);
}

/** Why the same screen is shown again. */
export type UssdReason =
  | 'not_a_choice'
  | 'code_digits'
  | 'no_such_cause'
  | 'not_taking_gifts'
  | 'amount_format'
  | 'amount_positive'
  | 'amount_max'
  | 'too_long'
  | 'otp_format';

const REASONS: Record<UssdReason, ServerMessageId> = {
  not_a_choice: 'ussd.reason.notAChoice',
  code_digits: 'ussd.reason.codeDigits',
  no_such_cause: 'ussd.reason.noSuchCause',
  not_taking_gifts: 'ussd.reason.notTakingGifts',
  amount_format: 'ussd.reason.amountFormat',
  amount_positive: 'ussd.reason.amountPositive',
  amount_max: 'ussd.reason.amountMax',
  too_long: 'ussd.reason.tooLong',
  otp_format: 'ussd.reason.otpFormat',
};

/** One translator per language; a cause's name (an organizer's own words) comes out as written. */
const TRANSLATORS = new Map<UssdLocale, Translate>(USSD_LOCALES.map(({ code }) => [code, asWritten(translator(code))]));
const words = (locale: UssdLocale): Translate => TRANSLATORS.get(locale) ?? TRANSLATORS.get(DEFAULT_USSD_LOCALE)!;

/** "GHS 1,250.00". */
export function ussdGhs(pesewas: number): string {
  const [whole, cents] = toDecimalString(pesewas).split('.');
  return `GHS ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** The screen with `name` as long as the 160 characters allow (shortened with "..." when they do not). */
function fit(render: (name: string) => string, name: string): string {
  const full = render(name);
  if (full.length <= USSD_SCREEN_MAX) return full;
  const room = Math.max(1, name.length - (full.length - USSD_SCREEN_MAX) - 3);
  const shortened = render(`${name.slice(0, room).trimEnd()}...`);
  return shortened.length <= USSD_SCREEN_MAX ? shortened : shortened.slice(0, USSD_SCREEN_MAX);
}

const withReason = (locale: UssdLocale, reason: UssdReason | undefined, body: string) =>
  reason ? `${words(locale)(REASONS[reason])}\n${body}` : body;

export interface CauseFigures {
  name: string;
  /** Pesewas. */
  raised: number;
  /** Pesewas; 0 = no goal. */
  goal: number;
}

const raisedLine = (locale: UssdLocale, figures: CauseFigures) =>
  figures.goal > 0
    ? words(locale)('ussd.raised', { raised: ussdGhs(figures.raised), goal: ussdGhs(figures.goal) })
    : words(locale)('ussd.raisedNoGoal', { raised: ussdGhs(figures.raised) });

export function mainMenu(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, words(locale)('ussd.menu'));
}

export function askCauseCode(locale: UssdLocale, purpose: 'give' | 'check', reason?: UssdReason): string {
  const t = words(locale);
  return withReason(locale, reason, `${t(purpose === 'give' ? 'ussd.giveTitle' : 'ussd.checkTitle')}\n${t('ussd.askCode')}`);
}

export function askAmount(locale: UssdLocale, cause: CauseFigures, reason?: UssdReason): string {
  return fit((name) => withReason(locale, reason, `${name}\n${raisedLine(locale, cause)}\n${words(locale)('ussd.askAmount')}`), cause.name);
}

export function confirmGift(locale: UssdLocale, gift: { name: string; amount: number }, reason?: UssdReason): string {
  return fit((name) => withReason(locale, reason, words(locale)('ussd.confirm', { amount: ussdGhs(gift.amount), name })), gift.name);
}

export function askReceipts(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, words(locale)('ussd.receipts'));
}

export function approveOnPhone(locale: UssdLocale, gift: { name: string; amount: number }): string {
  return fit((name) => words(locale)('ussd.approve', { amount: ussdGhs(gift.amount), name }), gift.name);
}

export function askOtp(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, words(locale)('ussd.askOtp'));
}

export function giftReceived(locale: UssdLocale, amount: number): string {
  return words(locale)('ussd.received', { amount: ussdGhs(amount) });
}

/** `why` is the provider's reason in plain words, or one of giftStopped / giftUnreachable. */
export function giftFailed(locale: UssdLocale, why: string): string {
  return words(locale)('ussd.failed', { why }).slice(0, USSD_SCREEN_MAX);
}

export const giftStopped = (locale: UssdLocale) => words(locale)('ussd.causeStopped');
export const giftUnreachable = (locale: UssdLocale) => words(locale)('ussd.unreachable');

export function giftCancelled(locale: UssdLocale): string {
  return words(locale)('ussd.cancelled');
}

export function needsMobileMoney(locale: UssdLocale): string {
  return words(locale)('ussd.needsMobileMoney');
}

export function causeFacts(locale: UssdLocale, cause: CauseFigures & { donors: number; daysLeft: number | null }): string {
  const t = words(locale);
  const days =
    cause.daysLeft === null ? t('ussd.noEndDate') : cause.daysLeft <= 0 ? t('ussd.lastDay') : t('ussd.daysLeft', { count: cause.daysLeft });
  const donors = t('ussd.donors', { count: cause.donors });
  return fit((name) => `${name}\n${raisedLine(locale, cause)}\n${donors}\n${days}`, cause.name);
}

export function lastGifts(locale: UssdLocale, gifts: { causeName: string; amount: number; completedAt: Date }[]): string {
  const t = words(locale);
  if (gifts.length === 0) return t('ussd.noGifts');
  // The language's month names where this runtime's Intl has them, else Ghana's English ("27 Nov").
  const day = (at: Date) => at.toLocaleDateString(intlLocales(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const lines = gifts.map((gift) => {
    const head = `${day(gift.completedAt)} ${ussdGhs(gift.amount)} `;
    const room = Math.max(4, Math.floor((USSD_SCREEN_MAX - 16) / gifts.length) - head.length - 1);
    const name = gift.causeName.length > room ? `${gift.causeName.slice(0, room - 2).trimEnd()}..` : gift.causeName;
    return `${head}${name}`;
  });
  return `${t('ussd.lastGifts')}\n${lines.join('\n')}`.slice(0, USSD_SCREEN_MAX);
}

export function languages(locale: UssdLocale, reason?: UssdReason): string {
  const list = USSD_LOCALES.map((l, i) => `${i + 1} ${l.name}`).join('\n');
  return withReason(locale, reason, `${words(locale)('ussd.language')}\n${list}`);
}

export function tooManyTries(locale: UssdLocale): string {
  return words(locale)('ussd.tooManyTries');
}

export function sessionExpired(locale: UssdLocale): string {
  return words(locale)('ussd.sessionExpired');
}

export function goodbye(locale: UssdLocale): string {
  return words(locale)('ussd.goodbye');
}
