/** What settlement mails: the donor's receipt, and an organizer's first gift and goal reached. */
import type { Locale } from '../../shared/i18n/locales';
import { formatGhs } from '../../shared/money';
import { translator } from '../lib/i18n';
import { methodName, receiptDate } from '../lib/receipt-format';
import { RECEIPT_LINK_DAYS } from '../lib/receipt-links';
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

export interface ReceiptLine {
  causeTitle: string;
  /** Pesewas. */
  amount: number;
}

export interface ReceiptFacts {
  to: string;
  donorName: string;
  reference: string;
  date: Date;
  lines: ReceiptLine[];
  /** Pesewas. */
  total: number;
  method: 'card' | 'mobile_money' | null;
  anonymous: boolean;
  receiptUrl: string;
  /** The donor's language: their account's choice, else the one their gift was made in. */
  locale: Locale;
}

export function receiptMail(facts: ReceiptFacts): OutgoingMail {
  const t = translator(facts.locale);
  const paragraphs = [
    greeting(t, facts.donorName),
    t('mail.receipt.thanks'),
    ...facts.lines.map((line) => `${line.causeTitle}: ${formatGhs(line.amount)}`),
    t('mail.receipt.total', { amount: formatGhs(facts.total) }),
    t('mail.receipt.reference', { reference: facts.reference }),
    t('mail.receipt.date', { date: receiptDate(facts.date, facts.locale) }),
    ...(facts.method ? [t('mail.receipt.paidBy', { method: methodName(t, facts.method) })] : []),
    facts.anonymous ? t('mail.receipt.anonymous') : t('mail.receipt.named'),
  ];
  return {
    kind: 'receipt',
    to: facts.to,
    subject: t('mail.receipt.subject', { reference: facts.reference }),
    ...render(
      {
        paragraphs,
        action: { label: t('mail.receipt.download'), url: facts.receiptUrl },
        footer: t('mail.receipt.footer', { days: RECEIPT_LINK_DAYS }),
      },
      facts.locale,
    ),
  };
}

/** What an organizer is told about their cause: where to send it, in which language, and the cause's link. */
export interface OrganizerAddress {
  to: string;
  name: string;
  locale: Locale;
}

export function firstDonationMail(who: OrganizerAddress, causeTitle: string, amount: number, causeUrl: string): OutgoingMail {
  const t = translator(who.locale);
  return {
    kind: 'cause_first_donation',
    to: who.to,
    subject: t('mail.firstDonation.subject', { cause: causeTitle }),
    ...render(
      {
        paragraphs: [greeting(t, who.name), t('mail.firstDonation.body', { cause: causeTitle, amount: formatGhs(amount) })],
        action: { label: t('mail.common.seeYourCause'), url: causeUrl },
        footer: t('mail.receipt.organizerFooter'),
      },
      who.locale,
    ),
  };
}

export function goalReachedMail(who: OrganizerAddress, causeTitle: string, causeUrl: string): OutgoingMail {
  const t = translator(who.locale);
  return {
    kind: 'cause_goal_reached',
    to: who.to,
    subject: t('mail.goalReached.subject', { cause: causeTitle }),
    ...render(
      {
        paragraphs: [greeting(t, who.name), t('mail.goalReached.body', { cause: causeTitle })],
        action: { label: t('mail.common.seeYourCause'), url: causeUrl },
        footer: t('mail.receipt.organizerFooter'),
      },
      who.locale,
    ),
  };
}
