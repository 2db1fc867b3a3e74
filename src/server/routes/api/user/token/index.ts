/** Refresh-token rotation with a grace rule (repositories/refresh-tokens.ts); a replayed token revokes its whole family. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../../../lib/api-error';
import { errorResponses } from '../../../shared-schemas';
import { clientOf } from '../auth/second-factor';
import { RefreshBody, TokenPairSchema } from '../../../../../shared/contract/auth';
import { english } from '../../../../lib/localize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/refresh/',
    {
      // Tokens must only ever be stored hashed, so this answer is never kept for replay.
      config: { idempotent: false },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new access and refresh token',
        description:
          'Answers `access` and a new `refresh`. Store the new refresh token; a client that keeps only `access` may ' +
          'present its first refresh token again for as long as none of its successors has been used. Presenting a token ' +
          'after one of its successors was used (a replay) revokes every token of that login.',
        body: RefreshBody,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 409, 422) },
      },
    },
    async (request) => {
      const invalid = new ApiError(401, 'token_invalid', english('errors.auth.tokenInvalid'));
      const result = await app.repos.refreshTokens.rotate(request.body.refresh);
      if (!result.ok) {
        if (result.reason === 'reused') request.log.warn('Refresh token reused: token family revoked');
        throw invalid;
      }
      const user = await app.repos.users.findById(result.userId);
      if (!user || !user.isActive) throw invalid;
      const { ip, userAgent } = clientOf(request);
      await app.repos.sessions.touch(result.sessionId, ip, userAgent);
      return { access: await app.tokens.sign(user, result.sessionId), refresh: result.token };
    },
  );
};

export default routes;
