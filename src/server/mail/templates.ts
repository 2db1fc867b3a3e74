/** Account messages: password reset and "you already have an account". */
import { translator } from '../lib/i18n';
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';
import type { Recipient } from './organizer-mail';

export function passwordResetMail(who: Recipient, link: string, validMinutes: number): OutgoingMail {
  const t = translator(who.locale);
  return {
    kind: 'password_reset',
    to: who.to,
    subject: t('mail.passwordReset.subject'),
    ...render(
      {
        paragraphs: [greeting(t, who.name), t('mail.passwordReset.body', { minutes: validMinutes })],
        action: { label: t('mail.passwordReset.action'), url: link },
        footer: t('mail.passwordReset.footer'),
      },
      who.locale,
    ),
  };
}

/** Sent instead of a second account: the sign-up form answers the same either way. */
export function accountExistsMail(who: Recipient, resetPage: string): OutgoingMail {
  const t = translator(who.locale);
  return {
    kind: 'account_exists',
    to: who.to,
    subject: t('mail.accountExists.subject'),
    ...render(
      {
        paragraphs: [greeting(t, who.name), t('mail.accountExists.body')],
        action: { label: t('mail.accountExists.action'), url: resetPage },
        footer: t('mail.accountExists.footer'),
      },
      who.locale,
    ),
  };
}
