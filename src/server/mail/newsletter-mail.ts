/** Newsletter messages: the double opt-in confirmation and the issues admins write. */
import type { OutgoingMail } from '../repositories/mail';
import { render } from './layout';

export function newsletterConfirmMail(to: string, confirmLink: string): OutgoingMail {
  return {
    kind: 'newsletter_confirm',
    to,
    subject: 'Confirm your Boafo newsletter subscription',
    ...render({
      paragraphs: [
        'Hello,',
        'Someone (we hope you) asked to receive the Boafo newsletter at this address: stories of causes that reached their goal and new causes that need help, about once a month.',
      ],
      action: { label: 'Yes, subscribe me', url: confirmLink },
      footer: 'If you did not ask for this, ignore this message: you will not get any newsletter.',
    }),
  };
}

/**
 * The links carry a placeholder for each subscriber's unsubscribe token, put in by the outbox:
 * `page` is the web page a person opens, `oneClick` the API address mail apps POST to.
 */
export function newsletterIssueMail(
  subject: string,
  body: string,
  unsubscribe: { page: string; oneClick: string },
): Omit<OutgoingMail, 'to'> {
  // Blank lines separate paragraphs, as admins type them.
  const paragraphs = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    kind: 'newsletter',
    subject,
    ...render({
      paragraphs,
      footer: 'You get this because you subscribed to the Boafo newsletter and confirmed your address.',
      unsubscribe: unsubscribe.page,
    }),
    // RFC 2369 and RFC 8058: mail apps show an Unsubscribe button that works in one click.
    headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
