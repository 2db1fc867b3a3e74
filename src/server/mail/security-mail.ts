/** Mail about the account's money safety: a change of payout details, with the link that undoes it. */
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

export function payoutChangedMail(input: {
  to: string;
  name: string;
  /** "MTN mobile money 024 *** 4567", "GCB Bank account ending 0123", or null when the details were removed. */
  destination: string | null;
  holdHours: number;
  undoLink: string;
}): OutgoingMail {
  const { destination, holdHours } = input;
  const held = destination !== null && holdHours > 0;
  return {
    kind: 'payout_details_changed',
    to: input.to,
    subject: 'Your Boafo payout details were changed',
    ...render({
      paragraphs: [
        greeting(input.name),
        destination === null
          ? 'The withdrawal details on your Boafo account were removed.'
          : `The withdrawal details on your Boafo account were changed. Withdrawals now go to: ${destination}.`,
        ...(held
          ? [`To keep your money safe, withdrawals to these new details can be requested ${holdHours} hours after the change.`]
          : []),
        'If you did not do this, undo it now: your old details come back, every device is signed out, and then please choose a new password.',
      ],
      action: { label: 'Undo this change', url: input.undoLink },
      footer: 'You get this because the payout details of your Boafo account changed.',
    }),
  };
}
