/** What a cause's organizer and donors hear when its end date has passed and it closed by itself. */
import type { Locale } from '../../shared/i18n/locales';
import { translator, type Translate } from '../lib/i18n';
import { english } from '../lib/localize';
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

/** "<cause> has ended: it raised GHS 1,250.00 of GHS 2,000.00. Thank you." (amounts in GHS, as statements write them) */
function endedSentence(t: Translate, { causeName, raised, goal }: Omit<EndedFacts, 'link'>): string {
  const values = { cause: causeName, raised: pdfGhs(raised), goal: pdfGhs(goal) };
  return goal > 0 ? t('mail.deadline.endedOfGoal', values) : t('mail.deadline.ended', values);
}

/**
 * The notification's text: the same sentence from the `server` catalog, in English, which the API puts into
 * each reader's language on the way out (lib/localize.ts).
 */
export function endedNotice({ causeName, raised, goal }: Omit<EndedFacts, 'link'>): string {
  const values = { cause: causeName, raised: pdfGhs(raised), goal: pdfGhs(goal) };
  return goal > 0 ? english('server.notice.causeEnded.ofGoal', values) : english('server.notice.causeEnded.noGoal', values);
}

export function causeEndedMail(to: string, name: string, facts: EndedFacts, audience: 'organizer' | 'donor', locale: Locale): OutgoingMail {
  const organizer = audience === 'organizer';
  const t = translator(locale);
  return {
    kind: organizer ? 'cause_ended_organizer' : 'cause_ended_donor',
    to,
    subject: t('mail.deadline.subject', { cause: facts.causeName }),
    ...render(
      {
        paragraphs: [
          greeting(t, name),
          endedSentence(t, facts),
          organizer ? t('mail.deadline.organizerBody') : t('mail.deadline.donorBody'),
        ],
        action: { label: t('mail.deadline.seeCause'), url: facts.link },
        footer: organizer ? t('mail.organizer.footer') : t('mail.deadline.donorFooter'),
      },
      locale,
    ),
  };
}
