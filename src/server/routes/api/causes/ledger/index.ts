/**
 * Where a cause's money went: GET /api/causes/{id}/balance/ (organizer and admins) and the
 * public GET /api/causes/{id}/ledger/ (anyone who may see the cause). Registered under the
 * /api/causes prefix beside the cause routes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CauseBalanceSchema,
  CauseLedgerSchema,
  LedgerQuery,
  type CauseBalance,
  type CauseLedger,
  type LedgerEntry,
} from '../../../../../shared/contract/payouts';
import { formatGhs, toDecimalString } from '../../../../../shared/money';
import { ApiError } from '../../../../lib/api-error';
import type { LedgerRow } from '../../../../repositories/ledger';
import { isUuid } from '../../../../repositories/search';
import { paginate, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { canManage, canSee, causeNotFound } from '../index';
import { IdParams } from '../schemas';
import { english } from '../../../../lib/localize';

export const LEDGER_PAGE_SIZE = 20;

function describe(row: LedgerRow): string {
  if (row.kind === 'withdrawal') return `Paid out to the organizer by ${row.method === 'mobile_money' ? 'mobile money' : 'bank transfer'}`;
  const who = row.anonymous ? 'an anonymous donor' : row.donorName;
  if (row.kind !== 'refund') return `Donation from ${who}`;
  return row.pledged !== null && row.amount < row.pledged ? `Part of a donation from ${who} refunded` : `Donation from ${who} refunded`;
}

/** What an admin's review of the payment changed, in words the public can read. */
function noteFor(row: LedgerRow): string | null {
  if (row.kind === 'refund' && row.pledged !== null)
    return `${formatGhs(row.amount)} of ${formatGhs(row.pledged)} paid back to the donor; not part of the balance.`;
  if (row.kind === 'refund')
    return 'The payment did not match what was asked; it was refunded to the donor and is not part of the balance.';
  if (row.kind !== 'donation' || row.pledged === null) return null;
  return row.pledged === row.amount
    ? 'Credited after review.'
    : `Credited after review: ${formatGhs(row.amount)} received of ${formatGhs(row.pledged)} pledged.`;
}

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: toDecimalString(row.amount),
    at: row.at.toISOString(),
    donor_name: row.kind !== 'withdrawal' && !row.anonymous ? row.donorName : null,
    description: describe(row),
    note: noteFor(row),
    ...(row.approvedBy.length > 0 ? { approved_by: row.approvedBy } : {}),
  };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function visibleCause(id: string, user: Awaited<ReturnType<typeof app.optionalUser>>) {
    const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
    if (!cause || !canSee(cause, user)) throw causeNotFound();
    return cause;
  }

  app.get(
    '/:id/balance/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['withdrawals'],
        security: [{ bearer: [] }],
        summary:
          'Raised, withdrawn (paid), pending (awaiting treasurers/requested/approved/processing), held (recent card money), refunded and available; organizer, accepted treasurers and admins',
        params: IdParams,
        response: { 200: CauseBalanceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request): Promise<CauseBalance> => {
      const cause = await visibleCause(request.params.id, request.user);
      const treasurer = !canManage(cause, request.user) && (await app.repos.treasurers.statusOf(cause.id, request.user!.id)) === 'accepted';
      if (!canManage(cause, request.user) && !treasurer) throw new ApiError(403, 'permission_denied', english('errors.permission.balance'));
      const b = await app.repos.withdrawals.balance(cause.id);
      return {
        cause_id: cause.id,
        raised: toDecimalString(b.raised),
        withdrawn: toDecimalString(b.withdrawn),
        pending: toDecimalString(b.pending),
        held: toDecimalString(b.held),
        refunded: toDecimalString(b.refunded),
        available: toDecimalString(Math.max(0, b.available)),
      };
    },
  );

  app.get(
    '/:id/ledger/',
    {
      schema: {
        tags: ['causes'],
        summary: 'Public ledger: completed donations in, paid withdrawals out, newest first (20 a page)',
        params: IdParams,
        querystring: LedgerQuery,
        response: { 200: CauseLedgerSchema, ...errorResponses(400, 404) },
      },
    },
    async (request): Promise<CauseLedger> => {
      const cause = await visibleCause(request.params.id, await app.optionalUser(request));
      const page = pageRequest({ page: request.query.page }, LEDGER_PAGE_SIZE);
      const [totals, rows] = await Promise.all([
        app.repos.ledger.totals(cause.id),
        app.repos.ledger.page(cause.id, page.limit, page.offset),
      ]);
      const links = paginate(request, page, totals.count, rows.map(toEntry));
      return {
        cause_id: cause.id,
        totals: {
          money_in: toDecimalString(totals.moneyIn),
          money_out: toDecimalString(totals.moneyOut),
          balance: toDecimalString(totals.moneyIn - totals.moneyOut),
        },
        entries: links.results,
        count: links.count,
        next: links.next,
        previous: links.previous,
      };
    },
  );
};

export default routes;
