/**
 * POST /api/user/payout-details/undo/ {token}: the link mailed after a change of payout details.
 * Puts the old details back (only while that change is the latest one), ends its hold, and signs
 * the account out everywhere: whoever changed them may hold a session. No sign-in needed; the
 * token is the key. A POST, so mail scanners opening the link change nothing.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailAnswerSchema } from '../../../../../shared/contract/auth';
import { PayoutUndoBody } from '../../../../../shared/contract/security';
import { ApiError, validationError } from '../../../../lib/api-error';
import { sha256Hex } from '../../../../lib/tokens';
import { audit } from '../../../audit-entry';
import { errorResponses } from '../../../shared-schemas';
import { english, localizeText } from '../../../../lib/localize';
import { localeOfRequest } from '../../../../lib/i18n';

const UNKNOWN = english('errors.payoutUndo.badLink');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/undo/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['security'],
        summary: 'Undo a change of payout details with the mailed link; signs the account out everywhere',
        body: PayoutUndoBody,
        response: { 200: DetailAnswerSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) => {
      const outcome = await app.repos.transaction(async (repos) => {
        const result = await repos.payoutChanges.undo(sha256Hex(request.body.token));
        if (result.kind !== 'undone') return result;
        const { change } = result;
        await repos.sessions.revokeAllOf(change.userId);
        await audit(repos, request, {
          actorId: change.userId,
          action: 'payout_details.undo',
          subjectUserId: change.userId,
          targetType: 'payout_change',
          targetId: change.id,
          before: change.after,
          after: change.before,
        });
        return result;
      });
      switch (outcome.kind) {
        case 'unknown':
          throw validationError({ token: [UNKNOWN] }, UNKNOWN);
        case 'already':
          return { detail: localizeText(english('server.payoutUndo.alreadyUndone'), localeOfRequest(request.headers)) };
        case 'superseded':
          throw new ApiError(409, 'conflict', english('errors.payoutUndo.changedAgain'));
      }
      return { detail: localizeText(english('server.payoutUndo.done'), localeOfRequest(request.headers)) };
    },
  );
};

export default routes;
