/**
 * A withdrawal's status change, the organizer's notification and their email, in one transaction
 * (WithdrawalsRepo.transition guards the move; this adds the mail to the same unit of work).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteOrigin } from '../lib/site-origin';
import { withdrawalMail } from '../mail/organizer-mail';
import { withdrawalSms, type WithdrawalStep } from '../sms/sms-text';
import type { WithdrawalStatus } from '../../shared/contract/payouts';
import type { WithdrawalRow } from '../repositories/withdrawals';
import { localeOf, localizeText } from '../lib/localize';
import { MESSAGES, organizerNotice, withdrawalTitle } from './withdrawal-notices';

type Mailed = keyof typeof MESSAGES;
type Repos = FastifyInstance['repos'];

/**
 * The organizer's text about a withdrawal step (the steps they are mailed about), when their profile number agreed to
 * texts, in their language (`view`: the withdrawal's view, with the cause's title and the organizer's language).
 */
export async function textOrganizer(
  repos: Repos,
  row: WithdrawalRow,
  view: { causeTitle: string; organizerLocale: string | null },
  step: WithdrawalStep,
): Promise<void> {
  const locale = localeOf(view.organizerLocale);
  const written = step === 'failed' ? row.failureReason : step === 'rejected' ? row.rejectionReason : null;
  // A reason we wrote ourselves reads in their language too; a person's or the provider's own words stay as written.
  const reason = written ? localizeText(written, locale) : null;
  await repos.sms.queueForUser(row.organizerId, {
    kind: `withdrawal_${step}`,
    text: withdrawalSms(locale, { causeTitle: view.causeTitle, amount: row.amount, status: step, reason }),
  });
}
const MAILED = new Set<WithdrawalStatus>(Object.keys(MESSAGES) as Mailed[]);

export async function moveWithdrawal(
  app: FastifyInstance,
  where: { id?: string; reference?: string },
  from: WithdrawalStatus[],
  to: WithdrawalStatus,
  set: Parameters<FastifyInstance['repos']['withdrawals']['transition']>[3],
  request?: FastifyRequest,
): Promise<WithdrawalRow | null> {
  const message = MAILED.has(to) ? MESSAGES[to as Mailed] : null;
  return app.repos.transaction(async (repos) => {
    const row = await repos.withdrawals.transition(where, from, to, set, message && organizerNotice(to, message));
    if (!row || !message) return row;
    const view = (await repos.withdrawals.findView(row.id))!;
    const link = `${siteOrigin(app, request)}/causes/${row.causeId}/withdrawals`;
    const locale = localeOf(view.organizerLocale);
    const who = { to: view.organizerEmail, name: view.organizerName, locale };
    await repos.mail.queue(withdrawalMail(who, to, withdrawalTitle(to, locale), message(row, view.causeTitle, locale), link));
    await textOrganizer(repos, row, view, to as Mailed);
    return row;
  });
}
