/** What an organizer hears by email: the review of their cause and each move of a withdrawal. */
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

const FOOTER = 'You get this because you organise this cause on Boafo.';

export function causeReviewMail(
  to: string,
  name: string,
  cause: string,
  approved: boolean,
  reason: string | null,
  link: string,
): OutgoingMail {
  return {
    kind: approved ? 'cause_approved' : 'cause_rejected',
    to,
    subject: approved ? `"${cause}" is live on Boafo` : `"${cause}" was not approved`,
    ...render({
      paragraphs: approved
        ? [
            greeting(name),
            `Good news: your cause "${cause}" was approved and is now open for donations. Share it with the people who can help.`,
          ]
        : [
            greeting(name),
            `Your cause "${cause}" was not approved.`,
            `The reviewer's reason: ${reason ?? 'none given'}`,
            'You can edit the cause and send it for review again.',
          ],
      action: { label: approved ? 'See your cause' : 'Edit your cause', url: link },
      footer: FOOTER,
    }),
  };
}

/** `sentence` is the notification text the organizer also sees in the app (repositories/withdrawals.ts MESSAGES). */
export function withdrawalMail(to: string, name: string, kind: string, subject: string, sentence: string, link: string): OutgoingMail {
  return {
    kind: `withdrawal_${kind}`,
    to,
    subject,
    ...render({ paragraphs: [greeting(name), sentence], action: { label: 'See your withdrawals', url: link }, footer: FOOTER }),
  };
}
