/** Account messages: password reset and "you already have an account". */
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

export function passwordResetMail(to: string, name: string, link: string, validMinutes: number): OutgoingMail {
  return {
    kind: 'password_reset',
    to,
    subject: 'Reset your Boafo password',
    ...render({
      paragraphs: [
        greeting(name),
        `Someone asked to reset the password of your Boafo account. The link below works once, for ${validMinutes} minutes. Choosing a new password signs you out everywhere.`,
      ],
      action: { label: 'Choose a new password', url: link },
      footer: 'If you did not ask for this, ignore this message: your password stays as it is.',
    }),
  };
}

/** Sent instead of a second account: the sign-up form answers the same either way. */
export function accountExistsMail(to: string, name: string, resetPage: string): OutgoingMail {
  return {
    kind: 'account_exists',
    to,
    subject: 'You already have a Boafo account',
    ...render({
      paragraphs: [
        greeting(name),
        'Someone tried to create a Boafo account with this email address, but you already have one. Sign in with it, or reset your password if you have forgotten it.',
      ],
      action: { label: 'Reset your password', url: resetPage },
      footer: 'If this was not you, no account was created and you need do nothing.',
    }),
  };
}
