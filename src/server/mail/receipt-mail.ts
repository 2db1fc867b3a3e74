/** What settlement mails: the donor's receipt, and an organizer's first gift and goal reached. */
import { formatGhs } from '../../shared/money';
import { PAYMENT_METHOD_LABELS } from '../../shared/payment-methods';
import { receiptDate } from '../lib/receipt-format';
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
}

export function receiptMail(facts: ReceiptFacts): OutgoingMail {
  const paragraphs = [
    greeting(facts.donorName),
    'Thank you for your donation on Boafo. This is your receipt.',
    ...facts.lines.map((line) => `${line.causeTitle}: ${formatGhs(line.amount)}`),
    `Total: ${formatGhs(facts.total)}`,
    `Reference: ${facts.reference}`,
    `Date: ${receiptDate(facts.date)}`,
    ...(facts.method ? [`Paid by: ${PAYMENT_METHOD_LABELS[facts.method]}`] : []),
    facts.anonymous
      ? 'You gave anonymously: organizers and the public do not see your name.'
      : 'You gave under your name: organizers can see who gave.',
  ];
  return {
    kind: 'receipt',
    to: facts.to,
    subject: `Your Boafo donation receipt (${facts.reference})`,
    ...render({
      paragraphs,
      action: { label: 'Download your receipt (PDF)', url: facts.receiptUrl },
      footer: `You got this because a donation was paid with this email address on Boafo. The receipt link works for ${RECEIPT_LINK_DAYS} days.`,
    }),
  };
}

export function firstDonationMail(to: string, name: string, causeTitle: string, amount: number, causeUrl: string): OutgoingMail {
  return {
    kind: 'cause_first_donation',
    to,
    subject: `"${causeTitle}" received its first donation`,
    ...render({
      paragraphs: [greeting(name), `Your cause "${causeTitle}" just received its first donation: ${formatGhs(amount)}.`],
      action: { label: 'See your cause', url: causeUrl },
      footer: 'You got this because you organize this cause on Boafo.',
    }),
  };
}

export function goalReachedMail(to: string, name: string, causeTitle: string, causeUrl: string): OutgoingMail {
  return {
    kind: 'cause_goal_reached',
    to,
    subject: `"${causeTitle}" reached its goal`,
    ...render({
      paragraphs: [greeting(name), `Congratulations: your cause "${causeTitle}" reached its goal.`],
      action: { label: 'See your cause', url: causeUrl },
      footer: 'You got this because you organize this cause on Boafo.',
    }),
  };
}
