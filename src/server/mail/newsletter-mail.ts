/** Newsletter messages: the double opt-in confirmation and the issues admins write. */
import type { Locale } from '../../shared/i18n/locales';
import { translator } from '../lib/i18n';
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

export function newsletterConfirmMail(to: string, confirmLink: string, locale: Locale): OutgoingMail {
  const t = translator(locale);
  return {
    kind: 'newsletter_confirm',
    to,
    subject: t('mail.newsletter.confirmSubject'),
    ...render(
      {
        paragraphs: [greeting(t, ''), t('mail.newsletter.confirmBody')],
        action: { label: t('mail.newsletter.confirmAction'), url: confirmLink },
        footer: t('mail.newsletter.confirmFooter'),
      },
      locale,
    ),
  };
}

/**
 * The links carry a placeholder for each subscriber's unsubscribe token, put in by the outbox:
 * `page` is the web page a person opens, `oneClick` the API address mail apps POST to. The admin's
 * subject and text go out as written; the small print is in the subscribers' language.
 */
export function newsletterIssueMail(
  subject: string,
  body: string,
  unsubscribe: { page: string; oneClick: string },
  locale: Locale,
): Omit<OutgoingMail, 'to'> {
  // Blank lines separate paragraphs, as admins type them.
  const paragraphs = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    kind: 'newsletter',
    subject,
    ...render({ paragraphs, footer: translator(locale)('mail.newsletter.issueFooter'), unsubscribe: unsubscribe.page }, locale),
    // RFC 2369 and RFC 8058: mail apps show an Unsubscribe button that works in one click.
    headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
