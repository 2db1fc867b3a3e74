/**
 * POST /api/user/delete-account/: the signed-in person deletes their account, confirming with their
 * password. Refused (409, saying what must happen first) while a cause of theirs holds money not
 * paid out or has a withdrawal on its way: that money belongs to the cause's beneficiaries.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NON_FIELD_ERRORS } from '../../../../../shared/api-errors';
import { formatGhs } from '../../../../../shared/money';
import { ApiError, validationError } from '../../../../lib/api-error';
import { unusablePasswordHash, verifyPassword } from '../../../../lib/passwords';
import type { ErasureBlocker } from '../../../../repositories/account-erasure';
import { cancelMonthly } from '../../../../payments/subscriptions';
import { errorResponses } from '../../../shared-schemas';
import { english } from '../../../../lib/localize';

const explain = (b: ErasureBlocker) =>
  b.inFlight
    ? english('errors.account.withdrawalOnItsWay', { cause: b.causeName })
    : english('errors.account.moneyHeld', { cause: b.causeName, amount: formatGhs(b.held) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/delete-account/',
    {
      onRequest: app.authenticate,
      config: { idempotent: false },
      schema: {
        tags: ['account'],
        summary: 'Delete your account: personal data erased, donations and causes kept anonymously on the ledger',
        security: [{ bearer: [] }],
        body: Type.Object({ password: Type.String({ maxLength: 256 }) }),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 409, 502) },
      },
    },
    async (request, reply) => {
      const user = await app.repos.users.findById(request.user!.id);
      if (!user || user.deletedAt) throw new ApiError(401, 'token_invalid', english('errors.auth.accountGone'));
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw validationError({ password: [english('errors.account.wrongPassword')] }, english('errors.account.passwordToDelete'));
      }
      // A deleted account must never be charged again: its monthly gifts stop at the provider first (502 if it cannot be reached).
      for (const { subscription } of await app.repos.subscriptions.listForUser(user.id)) await cancelMonthly(app, subscription);
      const erasedHash = await unusablePasswordHash();
      const blockers = await app.repos.transaction(async (repos) => {
        const found = await repos.accountErasure.blockers(user.id);
        if (found.length === 0) await repos.accountErasure.erase(user.id, user.email.toLowerCase(), erasedHash);
        return found;
      });
      if (blockers.length > 0) {
        const reasons = blockers.map(explain);
        throw new ApiError(409, 'conflict', english('errors.account.cannotDelete', { reasons: reasons.join(' ') }), {
          [NON_FIELD_ERRORS]: reasons,
        });
      }
      return reply.code(204).send(null);
    },
  );
};

export default routes;
