/** Mail about the account's money safety: a change of payout details, with the link that undoes it. */
import type { Locale } from '../../shared/i18n/locales';
import { translator } from '../lib/i18n';
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

export function payoutChangedMail(input: {
  to: string;
  name: string;
  /** "MTN mobile money 024 *** 4567", "GCB Bank account ending 0123", or null when the details were removed. */
  destination: string | null;
  holdHours: number;
  undoLink: string;
  locale: Locale;
}): OutgoingMail {
  const { destination, holdHours, locale } = input;
  const t = translator(locale);
  const held = destination !== null && holdHours > 0;
  return {
    kind: 'payout_details_changed',
    to: input.to,
    subject: t('mail.payoutChanged.subject'),
    ...render(
      {
        paragraphs: [
          greeting(t, input.name),
          destination === null ? t('mail.payoutChanged.removed') : t('mail.payoutChanged.changed', { destination }),
          ...(held ? [t('mail.payoutChanged.held', { hours: holdHours })] : []),
          t('mail.payoutChanged.undoHint'),
        ],
        action: { label: t('mail.payoutChanged.undo'), url: input.undoLink },
        footer: t('mail.payoutChanged.footer'),
      },
      locale,
    ),
  };
}
