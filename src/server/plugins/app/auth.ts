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

    async function userFromToken(token: string): Promise<AuthUser | null> {
      try {
        const claims = await tokens.verify(token);
        return { id: claims.sub, role: claims.role, email: claims.email };
      } catch {
        return null;
      }
    }

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

    // The role comes from the access token (15 minutes), like every other claim.
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (request.user!.role !== 'admin') {
        throw new ApiError(403, 'permission_denied', english('errors.status.forbidden'));
      }
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
