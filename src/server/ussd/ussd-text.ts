/**
 * Every word a phone shows over USSD, in one place, each screen a function of the locale (the message
 * catalogs take them from here). A screen is at most 160 characters (USSD_SCREEN_MAX): a cause's name
 * is shortened to fit, never the figures. Amounts read "GHS 25.00": the cedi sign is not in the GSM
 * alphabet phones display.
 */
import { toDecimalString } from '../../shared/money';

export const USSD_LOCALES = [{ code: 'en', name: 'English' }] as const;
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

/** One locale's words: plain strings, and templates for what carries a figure or a name. */
const ENGLISH = {
  reasons: {
    not_a_choice: 'Please pick a number from the list.',
    code_digits: 'A cause code has 6 digits.',
    no_such_cause: 'No open cause has that code.',
    not_taking_gifts: 'That cause is not taking gifts now.',
    amount_format: 'Type an amount like 20 or 20.50.',
    amount_positive: 'The amount must be more than 0.',
    amount_max: 'That is more than one gift can be.',
    too_long: 'That was too long.',
    otp_format: 'The code is 4 to 8 digits.',
  } satisfies Record<UssdReason, string>,
  menu: 'Boafo\n1 Give to a cause\n2 Check a cause\n3 My last gifts\n0 Language',
  giveTitle: 'Give to a cause',
  checkTitle: 'Check a cause',
  askCode: "Enter the cause's 6-digit code (on its poster or page):",
  raised: (raised: string, goal: string | null) => (goal ? `Raised ${raised} of ${goal}` : `Raised ${raised}`),
  askAmount: 'Enter amount in GHS:',
  confirm: (amount: string, name: string) => `Give ${amount} to ${name} by mobile money?\n1 Yes\n2 No`,
  receipts: 'Text me receipts?\n1 Yes\n2 No',
  approve: (amount: string, name: string) => `Approve ${amount} for ${name} on your phone when the mobile money prompt comes. Thank you!`,
  askOtp: 'Enter the code your mobile money sent you by SMS:',
  received: (amount: string) => `Thank you! ${amount} received.`,
  failed: (why: string) => `Your gift did not go through: ${why}`,
  causeStopped: 'that cause stopped taking gifts. No money was taken.',
  unreachable: 'the payment service could not be reached. No money was taken.',
  cancelled: 'No gift was made. Goodbye.',
  needsMobileMoney: 'Giving by USSD needs a Ghana MTN, Telecel or AT mobile money number. Visit boafo to give by card.',
  donors: (n: number) => `${n} ${n === 1 ? 'donor' : 'donors'}`,
  noEndDate: 'No end date',
  lastDay: 'Last day',
  daysLeft: (n: number) => `${n} ${n === 1 ? 'day' : 'days'} left`,
  noGifts: 'No gifts from this number yet. Dial again and pick 1 to give.',
  lastGifts: 'Your last gifts:',
  /** How a gift's day is written in "My last gifts" (Intl locale). */
  dateLocale: 'en-GB',
  language: 'Language',
  moreLanguages: 'More languages soon.',
  tooManyTries: 'Sorry, that did not work three times. Please dial again when you are ready. Goodbye.',
  sessionExpired: 'This session has ended. Please dial again.',
  goodbye: 'Goodbye.',
};

const WORDS: Record<UssdLocale, typeof ENGLISH> = { en: ENGLISH };

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
  reason ? `${WORDS[locale].reasons[reason]}\n${body}` : body;

export interface CauseFigures {
  name: string;
  /** Pesewas. */
  raised: number;
  /** Pesewas; 0 = no goal. */
  goal: number;
}

const raisedLine = (locale: UssdLocale, figures: CauseFigures) =>
  WORDS[locale].raised(ussdGhs(figures.raised), figures.goal > 0 ? ussdGhs(figures.goal) : null);

export function mainMenu(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, WORDS[locale].menu);
}

export function askCauseCode(locale: UssdLocale, purpose: 'give' | 'check', reason?: UssdReason): string {
  const w = WORDS[locale];
  return withReason(locale, reason, `${purpose === 'give' ? w.giveTitle : w.checkTitle}\n${w.askCode}`);
}

export function askAmount(locale: UssdLocale, cause: CauseFigures, reason?: UssdReason): string {
  return fit((name) => withReason(locale, reason, `${name}\n${raisedLine(locale, cause)}\n${WORDS[locale].askAmount}`), cause.name);
}

export function confirmGift(locale: UssdLocale, gift: { name: string; amount: number }, reason?: UssdReason): string {
  return fit((name) => withReason(locale, reason, WORDS[locale].confirm(ussdGhs(gift.amount), name)), gift.name);
}

export function askReceipts(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, WORDS[locale].receipts);
}

export function approveOnPhone(locale: UssdLocale, gift: { name: string; amount: number }): string {
  return fit((name) => WORDS[locale].approve(ussdGhs(gift.amount), name), gift.name);
}

export function askOtp(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, WORDS[locale].askOtp);
}

export function giftReceived(locale: UssdLocale, amount: number): string {
  return WORDS[locale].received(ussdGhs(amount));
}

/** `why` is the provider's reason in plain words, or one of giftStopped / giftUnreachable. */
export function giftFailed(locale: UssdLocale, why: string): string {
  return WORDS[locale].failed(why).slice(0, USSD_SCREEN_MAX);
}

export const giftStopped = (locale: UssdLocale) => WORDS[locale].causeStopped;
export const giftUnreachable = (locale: UssdLocale) => WORDS[locale].unreachable;

export function giftCancelled(locale: UssdLocale): string {
  return WORDS[locale].cancelled;
}

export function needsMobileMoney(locale: UssdLocale): string {
  return WORDS[locale].needsMobileMoney;
}

export function causeFacts(locale: UssdLocale, cause: CauseFigures & { donors: number; daysLeft: number | null }): string {
  const w = WORDS[locale];
  const days = cause.daysLeft === null ? w.noEndDate : cause.daysLeft <= 0 ? w.lastDay : w.daysLeft(cause.daysLeft);
  return fit((name) => `${name}\n${raisedLine(locale, cause)}\n${w.donors(cause.donors)}\n${days}`, cause.name);
}

export function lastGifts(locale: UssdLocale, gifts: { causeName: string; amount: number; completedAt: Date }[]): string {
  const w = WORDS[locale];
  if (gifts.length === 0) return w.noGifts;
  const day = (at: Date) => at.toLocaleDateString(w.dateLocale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const lines = gifts.map((gift) => {
    const head = `${day(gift.completedAt)} ${ussdGhs(gift.amount)} `;
    const room = Math.max(4, Math.floor((USSD_SCREEN_MAX - 16) / gifts.length) - head.length - 1);
    const name = gift.causeName.length > room ? `${gift.causeName.slice(0, room - 2).trimEnd()}..` : gift.causeName;
    return `${head}${name}`;
  });
  return `${w.lastGifts}\n${lines.join('\n')}`.slice(0, USSD_SCREEN_MAX);
}

export function languages(locale: UssdLocale, reason?: UssdReason): string {
  const w = WORDS[locale];
  return withReason(locale, reason, `${w.language}\n${USSD_LOCALES.map((l, i) => `${i + 1} ${l.name}`).join('\n')}\n${w.moreLanguages}`);
}

export function tooManyTries(locale: UssdLocale): string {
  return WORDS[locale].tooManyTries;
}

export function sessionExpired(locale: UssdLocale): string {
  return WORDS[locale].sessionExpired;
}

export function goodbye(locale: UssdLocale): string {
  return WORDS[locale].goodbye;
}
