/**
 * Bearer-token checks. The signing secret comes from JWT_SECRET or, when
 * unset, from the database (generated once), so every process agrees on it.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { prepareDummyHash } from '../../lib/passwords';
import { ReceiptLinks } from '../../lib/receipt-links';
import { siteOrigin } from '../../lib/site-origin';
import { AccessTokens, type AuthUser } from '../../lib/tokens';
import { english } from '../../lib/localize';
import { isUuid } from '../../repositories/search';

const twoStepRequired = (detail: string) => new ApiError(403, 'two_step_required', detail);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

const WWW_AUTHENTICATE = { 'www-authenticate': 'Bearer realm="api"' };

export default fp(
  async (app) => {
    const secret =
      app.config.jwtSecret ?? (await app.repos.settings.getOrCreate('jwt_secret', () => randomBytes(48).toString('base64url')));
    const tokens = new AccessTokens(secret);
    await prepareDummyHash();
    app.decorate('tokens', tokens);
    app.decorate('receiptLinks', new ReceiptLinks(secret, siteOrigin(app)));
    app.decorateRequest('user', null);

    // A valid signature is not enough: the token's session must still be signed in (one primary-key
    // read per request), so signing a device out, or a person out everywhere, stops its access
    // tokens at once on every process. Role and two-step state come from the same read.
    async function userFromToken(token: string): Promise<AuthUser | null> {
      let claims;
      try {
        claims = await tokens.verify(token);
      } catch {
        return null;
      }
      if (!isUuid(claims.sid)) return null;
      const live = await app.repos.sessions.live(claims.sid, claims.sub);
      if (!live) return null;
      return {
        id: claims.sub,
        role: live.role,
        email: live.email,
        sessionId: claims.sid,
        twoStep: live.twoStep,
        verifiedAt: live.verifiedAt,
        fresh: live.fresh,
      };
    }
    app.decorate('verifyAccess', userFromToken);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token === null) {
        throw new ApiError(401, 'not_authenticated', english('errors.auth.noCredentials'), undefined, WWW_AUTHENTICATE);
      }
      const user = token ? await userFromToken(token) : null;
      if (!user) {
        throw new ApiError(401, 'token_invalid', english('errors.auth.sessionExpired'), undefined, WWW_AUTHENTICATE);
      }
      request.user = user;
    });

    // The role is the account's current one (read with the session). An admin without two-step
    // sign-in may only set it up (/api/user/security/two-step/…, which are not admin routes).
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (request.user!.role !== 'admin') {
        throw new ApiError(403, 'permission_denied', english('errors.status.forbidden'));
      }
      if (!request.user!.twoStep) throw twoStepRequired(english('errors.twoStep.adminFirst'));
    });

    async function refuseKeepingNoAnswer(request: FastifyRequest, error: ApiError): Promise<never> {
      // The client will confirm and resend with the same Idempotency-Key: this refusal must not be its stored answer.
      const ref = request.idempotencyRef;
      if (ref) {
        request.idempotencyRef = null;
        await app.repos.idempotencyKeys.abandon(ref);
      }
      throw error;
    }

    app.decorate('requireTwoStep', async (request: FastifyRequest, detail: string) => {
      if (!request.user!.twoStep) await refuseKeepingNoAnswer(request, twoStepRequired(detail));
    });

    app.decorate('requireStepUp', async (request: FastifyRequest) => {
      const user = request.user!;
      if (user.fresh) return;
      await refuseKeepingNoAnswer(
        request,
        new ApiError(403, 'step_up_required', english(user.twoStep ? 'errors.stepUp.withCode' : 'errors.stepUp.withPassword')),
      );
    });

    // Routes anyone may call still refuse a token that was sent but is no longer valid (401, not
    // "you are a guest"): a donor whose access token expired offline would otherwise have their
    // queued cart change applied to a guest cart, or refused as someone else's. The 401 makes the
    // client refresh and resend; a caller who sends no token at all is simply a guest.
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      if (request.user) return request.user;
      if (bearerToken(request) === null) return null;
      await app.authenticate(request);
      return request.user;
    });
  },
  { name: 'auth', dependencies: ['repositories'] },
);
