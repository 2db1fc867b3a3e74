/** What an organizer hears by email: the review of their cause and each move of a withdrawal. */
import type { Locale } from '../../shared/i18n/locales';
import { translator } from '../lib/i18n';
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

/** Where a mail goes, to whom, and in which language. */
export interface Recipient {
  to: string;
  name: string;
  locale: Locale;
}

export function causeReviewMail(who: Recipient, cause: string, approved: boolean, reason: string | null, link: string): OutgoingMail {
  const t = translator(who.locale);
  return {
    kind: approved ? 'cause_approved' : 'cause_rejected',
    to: who.to,
    subject: approved ? t('mail.review.approvedSubject', { cause }) : t('mail.review.rejectedSubject', { cause }),
    ...render(
      {
        paragraphs: approved
          ? [greeting(t, who.name), t('mail.review.approvedBody', { cause })]
          : [
              greeting(t, who.name),
              t('mail.review.rejectedBody', { cause }),
              reason === null ? t('mail.review.noReason') : t('mail.review.reason', { reason }),
              t('mail.review.editAgain'),
            ],
        action: { label: approved ? t('mail.common.seeYourCause') : t('mail.review.editAction'), url: link },
        footer: t('mail.organizer.footer'),
      },
      who.locale,
    ),
  };
}

/** `subject` and `sentence` say what the organizer also sees in the app (payouts/withdrawal-notices.ts), in their language. */
export function withdrawalMail(who: Recipient, kind: string, subject: string, sentence: string, link: string): OutgoingMail {
  const t = translator(who.locale);
  return {
    kind: `withdrawal_${kind}`,
    to: who.to,
    subject,
    ...render(
      {
        paragraphs: [greeting(t, who.name), sentence],
        action: { label: t('mail.withdrawal.seeWithdrawals'), url: link },
        footer: t('mail.organizer.footer'),
      },
      who.locale,
    ),
  };
}
