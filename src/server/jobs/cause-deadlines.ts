/**
 * The deadline sweep: an active cause whose end date is over closes by itself, and its organizer
 * and every donor are told how it went. Each cause is ended in its own transaction together with
 * its notifications and mails (repositories/sweep-claims.ts endedCauses): a failure rolls all of
 * it back and the next sweep tries again, and processes sweeping together never end (or announce)
 * the same cause twice.
 */
import type { FastifyInstance } from 'fastify';
import { english, localeOf } from '../lib/localize';
import { causeEndedMail, endedNotice } from '../mail/deadline-mail';
import type { Repos } from '../repositories/repos';
import type { EndedCause } from '../repositories/sweep-claims';

/** Causes ended per sweep and process: a backlog drains over a few sweeps. */
const BATCH = 20;
export const CAUSE_ENDED_TITLE = english('server.notice.causeEnded.title');

/** Addresses no mail should go to: an erased account's placeholder (account-erasure.ts). */
const undeliverable = (email: string) => email.toLowerCase().endsWith('.invalid');

async function announce(app: FastifyInstance, repos: Repos, cause: EndedCause): Promise<void> {
  const facts = { causeName: cause.name, raised: cause.raised, goal: cause.goal, link: app.receiptLinks.causeUrl(cause.id) };
  const message = endedNotice(facts);
  await repos.notifications.toUser(cause.organizerId, { title: CAUSE_ENDED_TITLE, message, causeId: cause.id });
  await repos.notifications.toCauseDonors(cause.id, { title: CAUSE_ENDED_TITLE, message }, cause.organizerId);

  const organizer = await repos.users.findById(cause.organizerId);
  const organizerEmail = organizer?.email.toLowerCase() ?? null;
  if (organizer && !undeliverable(organizer.email)) {
    await repos.mail.queue(causeEndedMail(organizer.email, organizer.firstName, facts, 'organizer', localeOf(organizer.locale)));
  }
  // Every address a completed gift came from (guests too), once each; the organizer has had theirs.
  for (const donor of await repos.causeUpdates.donorAddresses(cause.id)) {
    if (donor.email === organizerEmail || undeliverable(donor.email)) continue;
    await repos.mail.queue(causeEndedMail(donor.email, donor.name, facts, 'donor', localeOf(donor.locale)));
  }
}

/**
 * Ends every cause that is due (up to BATCH); answers how many this process ended. An empty claim is
 * tried again a few times: under READ COMMITTED a claim racing another process's commit can come back
 * empty (its locked row no longer matches) while other causes are still due.
 */
export async function sweepDeadlines(app: FastifyInstance): Promise<number> {
  let ended = 0;
  for (let misses = 0; ended < BATCH && misses < 3;) {
    const count = await app.repos.transaction(async (repos) => {
      const causes = await repos.sweepClaims.endedCauses(1);
      for (const cause of causes) await announce(app, repos, cause);
      return causes.length;
    });
    if (count > 0) ended += count;
    else misses += 1;
  }
  return ended;
}
