/** What a cause's organizer and donors hear when its end date has passed and it closed by itself. */
import { pdfGhs } from '../lib/receipt-format';
import type { OutgoingMail } from '../repositories/mail';
import { greeting, render } from './layout';

export interface EndedFacts {
  causeName: string;
  /** Pesewas. */
  raised: number;
  /** Pesewas; 0 = the cause had no goal. */
  goal: number;
  link: string;
}

/** "<cause> has ended: it raised GHS 1,250.00 of GHS 2,000.00." (amounts in GHS, as statements write them) */
export function endedSentence({ causeName, raised, goal }: Omit<EndedFacts, 'link'>): string {
  return `${causeName} has ended: it raised ${pdfGhs(raised)}${goal > 0 ? ` of ${pdfGhs(goal)}` : ''}.`;
}

export function causeEndedMail(to: string, name: string, facts: EndedFacts, audience: 'organizer' | 'donor'): OutgoingMail {
  const organizer = audience === 'organizer';
  return {
    kind: organizer ? 'cause_ended_organizer' : 'cause_ended_donor',
    to,
    subject: `${facts.causeName} has ended`,
    ...render({
      paragraphs: [
        greeting(name),
        `${endedSentence(facts)} Thank you.`,
        organizer
          ? 'Its end date has passed, so it no longer takes donations. What it raised and has not been withdrawn stays available to withdraw.'
          : 'Its end date has passed, so it no longer takes donations. Thank you for your gift.',
      ],
      action: { label: 'See the cause', url: facts.link },
      footer: organizer
        ? 'You get this because you organise this cause on Boafo.'
        : 'You get this because you donated to this cause on Boafo.',
    }),
  };
}
