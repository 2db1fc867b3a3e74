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

const REASONS: Record<UssdLocale, Record<UssdReason, string>> = {
  en: {
    not_a_choice: 'Please pick a number from the list.',
    code_digits: 'A cause code has 6 digits.',
    no_such_cause: 'No open cause has that code.',
    not_taking_gifts: 'That cause is not taking gifts now.',
    amount_format: 'Type an amount like 20 or 20.50.',
    amount_positive: 'The amount must be more than 0.',
    amount_max: 'That is more than one gift can be.',
    too_long: 'That was too long.',
    otp_format: 'The code is 4 to 8 digits.',
  },
};

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
  reason ? `${REASONS[locale][reason]}\n${body}` : body;

export interface CauseFigures {
  name: string;
  /** Pesewas. */
  raised: number;
  /** Pesewas; 0 = no goal. */
  goal: number;
}

const raisedLine = (figures: CauseFigures) =>
  figures.goal > 0 ? `Raised ${ussdGhs(figures.raised)} of ${ussdGhs(figures.goal)}` : `Raised ${ussdGhs(figures.raised)}`;

export function mainMenu(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, 'Boafo\n1 Give to a cause\n2 Check a cause\n3 My last gifts\n0 Language');
}

export function askCauseCode(locale: UssdLocale, purpose: 'give' | 'check', reason?: UssdReason): string {
  const ask = purpose === 'give' ? 'Give to a cause' : 'Check a cause';
  return withReason(locale, reason, `${ask}\nEnter the cause's 6-digit code (on its poster or page):`);
}

export function askAmount(locale: UssdLocale, cause: CauseFigures, reason?: UssdReason): string {
  return fit((name) => withReason(locale, reason, `${name}\n${raisedLine(cause)}\nEnter amount in GHS:`), cause.name);
}

export function confirmGift(locale: UssdLocale, gift: { name: string; amount: number }, reason?: UssdReason): string {
  return fit((name) => withReason(locale, reason, `Give ${ussdGhs(gift.amount)} to ${name} by mobile money?\n1 Yes\n2 No`), gift.name);
}

export function askReceipts(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, 'Text me receipts?\n1 Yes\n2 No');
}

export function approveOnPhone(locale: UssdLocale, gift: { name: string; amount: number }): string {
  return fit(
    (name) => `Approve ${ussdGhs(gift.amount)} for ${name} on your phone when the mobile money prompt comes. Thank you!`,
    gift.name,
  );
}

export function askOtp(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, 'Enter the code your mobile money sent you by SMS:');
}

export function giftReceived(locale: UssdLocale, amount: number): string {
  return `Thank you! ${ussdGhs(amount)} received.`;
}

export function giftFailed(locale: UssdLocale, why: string): string {
  return `Your gift did not go through: ${why}`.slice(0, USSD_SCREEN_MAX);
}

export function giftCancelled(locale: UssdLocale): string {
  return 'No gift was made. Goodbye.';
}

export function needsMobileMoney(locale: UssdLocale): string {
  return 'Giving by USSD needs a Ghana MTN, Telecel or AT mobile money number. Visit boafo to give by card.';
}

export function causeFacts(locale: UssdLocale, cause: CauseFigures & { donors: number; daysLeft: number | null }): string {
  const donors = `${cause.donors} ${cause.donors === 1 ? 'donor' : 'donors'}`;
  const days =
    cause.daysLeft === null
      ? 'No end date'
      : cause.daysLeft <= 0
        ? 'Last day'
        : `${cause.daysLeft} ${cause.daysLeft === 1 ? 'day' : 'days'} left`;
  return fit((name) => `${name}\n${raisedLine(cause)}\n${donors}\n${days}`, cause.name);
}

export function lastGifts(locale: UssdLocale, gifts: { causeName: string; amount: number; completedAt: Date }[]): string {
  if (gifts.length === 0) return 'No gifts from this number yet. Dial again and pick 1 to give.';
  const day = (at: Date) => at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const lines = gifts.map((gift) => {
    const head = `${day(gift.completedAt)} ${ussdGhs(gift.amount)} `;
    const room = Math.max(4, Math.floor((USSD_SCREEN_MAX - 16) / gifts.length) - head.length - 1);
    const name = gift.causeName.length > room ? `${gift.causeName.slice(0, room - 2).trimEnd()}..` : gift.causeName;
    return `${head}${name}`;
  });
  return `Your last gifts:\n${lines.join('\n')}`.slice(0, USSD_SCREEN_MAX);
}

export function languages(locale: UssdLocale, reason?: UssdReason): string {
  return withReason(locale, reason, `Language\n${USSD_LOCALES.map((l, i) => `${i + 1} ${l.name}`).join('\n')}\nMore languages soon.`);
}

export function tooManyTries(locale: UssdLocale): string {
  return 'Sorry, that did not work three times. Please dial again when you are ready. Goodbye.';
}

export function sessionExpired(locale: UssdLocale): string {
  return 'This session has ended. Please dial again.';
}

export function goodbye(locale: UssdLocale): string {
  return 'Goodbye.';
}

export function somethingWentWrong(locale: UssdLocale): string {
  return 'Sorry, something went wrong on our side. Please dial again in a moment.';
}
