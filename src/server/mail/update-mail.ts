/** The message a cause's donors get when its organizer posts an update. */
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

/** Long updates are cut in the mail: the link leads to the whole text. */
const EXCERPT = 600;

export function causeUpdateMail(to: string, name: string, causeName: string, body: string, link: string): OutgoingMail {
  const excerpt = body.length > EXCERPT ? `${body.slice(0, EXCERPT).trimEnd()}…` : body;
  return {
    kind: 'cause_update',
    to,
    subject: `News from ${causeName}`,
    ...render({
      paragraphs: [greeting(name), `${causeName}, a cause you gave to on Boafo, has posted an update:`, excerpt],
      action: { label: 'Read the update', url: link },
      footer: 'You get this message because you donated to this cause on Boafo.',
    }),
  };
}
