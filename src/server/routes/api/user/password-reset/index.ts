/**
 * Forgotten passwords: ask for a link by email, then choose a new password with it.
 * Asking answers the same for any address (nobody learns who has an account) and is limited per
 * email and per IP, so the form cannot be used to flood someone's inbox.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { passwordProblems } from '../../../../../shared/sign-in';
import { DetailAnswerSchema, PasswordResetConfirmBody, PasswordResetRequestBody } from '../../../../../shared/contract/auth';
import { ApiError, BLANK, FieldErrorList, validationError } from '../../../../lib/api-error';
import { hashPassword } from '../../../../lib/passwords';
import { siteOrigin } from '../../../../lib/site-origin';
import { newRefreshToken, sha256Hex } from '../../../../lib/tokens';
import { passwordResetMail } from '../../../../mail/templates';
import { errorResponses } from '../../../shared-schemas';
import { localeOfRequest, translator } from '../../../../lib/i18n';
import { english, localeOf, localizeText } from '../../../../lib/localize';

export const RESET_LINK_MINUTES = 60;
export const RESET_SENT = english('server.passwordReset.sent');
const BAD_LINK = english('errors.auth.badResetLink');
/** Links asked for per email and per IP within the sign-in window. */
const MAX_PER_EMAIL = 5;
const MAX_PER_IP = 20;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use link to choose a new password (valid 1 hour)',
        description: 'Answers the same whether or not an account has this email.',
        body: PasswordResetRequestBody,
        response: { 200: DetailAnswerSchema, ...errorResponses(400, 422, 429) },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      if (!email) throw validationError({ email: [BLANK] });
      const reservation = await app.repos.loginAttempts.reserve([
        { scope: `reset:email:${email}`, max: MAX_PER_EMAIL },
        { scope: `reset:ip:${request.ip}`, max: MAX_PER_IP },
      ]);
      if (reservation.retryAfter > 0) {
        const minutes = Math.ceil(reservation.retryAfter / 60);
        throw new ApiError(
          429,
          'rate_limited',
          minutes === 1 ? english('errors.rateLimit.resetOneMinute') : english('errors.rateLimit.resetMinutes', { minutes }),
          undefined,
          {
            'retry-after': String(reservation.retryAfter),
          },
        );
      }
      const user = await app.repos.users.findByEmail(email);
      if (user && user.isActive) {
        const token = newRefreshToken();
        const link = `${siteOrigin(app, request)}/reset-password?token=${encodeURIComponent(token)}`;
        await app.repos.transaction(async (repos) => {
          await repos.passwordResets.create(user.id, sha256Hex(token), RESET_LINK_MINUTES * 60);
          // The account's language, else the language of the page that asked.
          const who = { to: user.email, name: user.firstName, locale: localeOf(user.locale, localeOfRequest(request.headers)) };
          await repos.mail.queue(passwordResetMail(who, link, RESET_LINK_MINUTES));
        });
      }
      return { detail: localizeText(RESET_SENT, localeOfRequest(request.headers)) };
    },
  );

  app.post(
    '/confirm/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with a reset link; signs the person out everywhere',
        body: PasswordResetConfirmBody,
        response: { 200: DetailAnswerSchema, ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      const { token, password, password2 } = request.body;
      const errors = new FieldErrorList();
      if (!password) errors.add('password', BLANK);
      else for (const problem of passwordProblems(password)) errors.add('password', problem);
      if (!password2) errors.add('password2', BLANK);
      else if (password !== password2) errors.add('password2', english('errors.auth.passwordsDiffer'));
      errors.throwIfAny();
      const passwordHash = await hashPassword(password);
      const done = await app.repos.transaction(async (repos) => {
        const userId = await repos.passwordResets.consume(sha256Hex(token));
        if (!userId) return false;
        await repos.users.setPassword(userId, passwordHash);
        await repos.sessions.revokeAllOf(userId);
        return true;
      });
      if (!done) throw validationError({ token: [BAD_LINK] }, BAD_LINK);
      return { detail: translator(localeOfRequest(request.headers))('server.passwordReset.changed') };
    },
  );
};

export default routes;
