/** The message a cause's donors get when its organizer posts an update. */
import { translator } from '../lib/i18n';
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';
import type { Recipient } from './organizer-mail';

/** Long updates are cut in the mail: the link leads to the whole text. */
const EXCERPT = 600;

/** The organizer's words go out as written; the frame around them is in the donor's language. */
export function causeUpdateMail(who: Recipient, causeName: string, body: string, link: string): OutgoingMail {
  const excerpt = body.length > EXCERPT ? `${body.slice(0, EXCERPT).trimEnd()}…` : body;
  const t = translator(who.locale);
  return {
    kind: 'cause_update',
    to: who.to,
    subject: t('mail.update.subject', { cause: causeName }),
    ...render(
      {
        paragraphs: [greeting(t, who.name), t('mail.update.intro', { cause: causeName }), excerpt],
        action: { label: t('mail.update.read'), url: link },
        footer: t('mail.update.footer'),
      },
      who.locale,
    ),
  };
}
