/**
 * A treasurer approves or rejects a withdrawal awaiting its cause's treasurers. One transaction:
 * the decision is recorded under the withdrawal's row lock (repositories/treasurers.ts decide), and
 * the decision that completes a majority moves it on, once:
 *   approvals ≥ majority → requested (the admins' queue, notified as for any request);
 *   rejections > voters − majority (a majority can no longer approve) → rejected, the money
 *   available again, the organizer notified and mailed.
 * Removing a treasurer counts the waiting withdrawals again (recountAwaiting).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteOrigin } from '../lib/site-origin';
import { withdrawalMail } from '../mail/organizer-mail';
import type { DecideOutcome, Decision, Tally } from '../repositories/treasurers';
import { english, localeOf } from '../lib/localize';
import { MESSAGES, organizerNotice, releasedNotice, withdrawalTitle } from './withdrawal-notices';
import { textOrganizer } from './move-withdrawal';

export const TREASURERS_REJECTED = english('server.withdrawal.treasurersRejected');

type Repos = FastifyInstance['repos'];

/** Moves an awaiting withdrawal on when its tally is decided; nobody left to ask sends it to the admins. */
async function applyTally(app: FastifyInstance, repos: Repos, id: string, t: Tally, request: FastifyRequest): Promise<void> {
  if (t.voters === 0 || t.approvals >= t.needed) {
    await repos.withdrawals.releaseToAdmins(id, releasedNotice);
    return;
  }
  if (t.rejections <= t.voters - t.needed) return;
  const row = await repos.withdrawals.transition(
    { id },
    ['awaiting_treasurers'],
    'rejected',
    { rejectionReason: TREASURERS_REJECTED, reviewedAt: new Date() },
    organizerNotice('rejected', MESSAGES.rejected),
  );
  if (!row) return;
  const view = (await repos.withdrawals.findView(id))!;
  const link = `${siteOrigin(app, request)}/causes/${row.causeId}/withdrawals`;
  const locale = localeOf(view.organizerLocale);
  const who = { to: view.organizerEmail, name: view.organizerName, locale };
  await repos.mail.queue(
    withdrawalMail(who, 'rejected', withdrawalTitle('rejected', locale), MESSAGES.rejected(row, view.causeTitle, locale), link),
  );
  await textOrganizer(repos, row, view, 'rejected');
}

export function decideWithdrawal(
  app: FastifyInstance,
  id: string,
  treasurerId: string,
  decision: Decision,
  request: FastifyRequest,
): Promise<DecideOutcome> {
  return app.repos.transaction(async (repos) => {
    const outcome = await repos.treasurers.decide(id, treasurerId, decision);
    if (outcome.kind === 'ok') await applyTally(app, repos, id, outcome, request);
    return outcome;
  });
}

/**
 * A treasurer was removed: the withdrawals still waiting are counted again against the treasurers
 * left (with none left they go to the admins), so no request stays held for a vote that cannot come.
 */
export async function recountAwaiting(app: FastifyInstance, causeId: string, request: FastifyRequest): Promise<void> {
  for (const id of await app.repos.treasurers.awaiting(causeId)) {
    await app.repos.transaction(async (repos) => {
      const tally = await repos.treasurers.recount(id);
      if (tally) await applyTally(app, repos, id, tally, request);
    });
  }
}
