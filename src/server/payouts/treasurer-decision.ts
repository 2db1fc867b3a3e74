/**
 * A treasurer approves or rejects a withdrawal awaiting its cause's treasurers. One transaction:
 * the decision is recorded under the withdrawal's row lock (repositories/treasurers.ts decide), and
 * the decision that completes a majority moves it on, once:
 *   approvals ≥ majority → requested (the admins' queue, notified as for any request);
 *   rejections > voters − majority (a majority can no longer approve) → rejected, the money
 *   available again, the organizer notified and mailed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteOrigin } from '../lib/site-origin';
import { withdrawalMail } from '../mail/organizer-mail';
import type { DecideOutcome, Decision } from '../repositories/treasurers';
import { MESSAGES, WITHDRAWAL_TITLES } from '../repositories/withdrawals';

export const TREASURERS_REJECTED = "The cause's treasurers did not approve this withdrawal.";

export function decideWithdrawal(
  app: FastifyInstance,
  id: string,
  treasurerId: string,
  decision: Decision,
  request: FastifyRequest,
): Promise<DecideOutcome> {
  return app.repos.transaction(async (repos) => {
    const outcome = await repos.treasurers.decide(id, treasurerId, decision);
    if (outcome.kind !== 'ok') return outcome;
    if (outcome.approvals >= outcome.needed) {
      await repos.withdrawals.releaseToAdmins(id);
    } else if (outcome.rejections > outcome.voters - outcome.needed) {
      const row = await repos.withdrawals.transition(
        { id },
        ['awaiting_treasurers'],
        'rejected',
        { rejectionReason: TREASURERS_REJECTED, reviewedAt: new Date() },
        MESSAGES.rejected,
      );
      if (row) {
        const view = (await repos.withdrawals.findView(id))!;
        const link = `${siteOrigin(app, request)}/causes/${row.causeId}/withdrawals`;
        const sentence = MESSAGES.rejected(row, view.causeTitle);
        await repos.mail.queue(
          withdrawalMail(view.organizerEmail, view.organizerName, 'rejected', WITHDRAWAL_TITLES.rejected, sentence, link),
        );
      }
    }
    return outcome;
  });
}
