/** What a treasurer hears by email: the invitation, and each withdrawal waiting for their decision. */
import { formatGhs } from '../../shared/money';
import { translator } from '../lib/i18n';
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';
import type { Recipient } from './organizer-mail';

export function treasurerInvitationMail(who: Recipient, cause: string, organizer: string, link: string): OutgoingMail {
  const t = translator(who.locale);
  return {
    kind: 'treasurer_invitation',
    to: who.to,
    subject: t('mail.treasurer.invitationSubject', { cause }),
    ...render(
      {
        paragraphs: [
          greeting(t, who.name),
          organizer ? t('mail.treasurer.invited', { organizer, cause }) : t('mail.treasurer.invitedNoName', { cause }),
          t('mail.treasurer.role'),
        ],
        action: { label: t('mail.treasurer.seeInvitation'), url: link },
        footer: t('mail.treasurer.footer'),
      },
      who.locale,
    ),
  };
}

/** A withdrawal request waiting for the treasurer's decision. */
export function approvalNeededMail(who: Recipient, cause: string, organizer: string, amount: number, link: string): OutgoingMail {
  const t = translator(who.locale);
  const values = { organizer, amount: formatGhs(amount), cause };
  return {
    kind: 'treasurer_approval',
    to: who.to,
    subject: t('mail.treasurer.approvalSubject', { cause }),
    ...render(
      {
        paragraphs: [
          greeting(t, who.name),
          organizer ? t('mail.treasurer.approvalAsked', values) : t('mail.treasurer.approvalAskedNoName', values),
        ],
        action: { label: t('mail.treasurer.decide'), url: link },
        footer: t('mail.treasurer.footer'),
      },
      who.locale,
    ),
  };
}
