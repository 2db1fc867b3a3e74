/** What a treasurer hears by email: the invitation, and each withdrawal waiting for their decision. */
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

const FOOTER = 'You get this because an organizer on Boafo named you as a treasurer of their cause.';

export function treasurerInvitationMail(to: string, name: string, cause: string, organizer: string, link: string): OutgoingMail {
  return {
    kind: 'treasurer_invitation',
    to,
    subject: `Be a treasurer of "${cause}"?`,
    ...render({
      paragraphs: [
        greeting(name),
        `${organizer || 'The organizer'} invited you to be a treasurer of "${cause}" on Boafo.`,
        'Treasurers approve each withdrawal before the money is paid out.',
      ],
      action: { label: 'See the invitation', url: link },
      footer: FOOTER,
    }),
  };
}

/** `sentence` is the notification text the treasurer also sees in the app. */
export function approvalNeededMail(to: string, name: string, cause: string, sentence: string, link: string): OutgoingMail {
  return {
    kind: 'treasurer_approval',
    to,
    subject: `A withdrawal from "${cause}" needs your approval`,
    ...render({ paragraphs: [greeting(name), sentence], action: { label: 'Approve or reject', url: link }, footer: FOOTER }),
  };
}
