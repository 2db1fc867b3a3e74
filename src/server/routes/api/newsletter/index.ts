/**
 * Newsletter: subscribe (double opt-in: a confirm link is mailed, idempotent per address), confirm
 * with that link, and unsubscribe by token — from the page a mail links to, or in one click from a
 * mail app (RFC 8058 POST).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DetailAnswerSchema } from '../../../../shared/contract/auth';
import { NewsletterSubscribeBody, NewsletterSubscriptionSchema } from '../../../../shared/contract/content';
import { ApiError, validationError } from '../../../lib/api-error';
import { siteOrigin } from '../../../lib/site-origin';
import { newRefreshToken, sha256Hex } from '../../../lib/tokens';
import { newsletterConfirmMail } from '../../../mail/newsletter-mail';
import { errorResponses } from '../../shared-schemas';
import { localeOfRequest, translator } from '../../../lib/i18n';
import { english } from '../../../lib/localize';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Confirm mails per address within the sign-in window: the form cannot flood an inbox. */
const CONFIRM_MAILS_PER_EMAIL = 3;
const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Mail apps send the one-click unsubscribe as a form body ("List-Unsubscribe=One-Click"); the token is in the URL.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  app.post(
    '/subscribe/',
    {
      schema: {
        tags: ['landing'],
        summary: 'Subscribe an email (201 the first time, 200 after); a confirm link is mailed until it is confirmed',
        body: NewsletterSubscribeBody,
        response: { 200: NewsletterSubscriptionSchema, 201: NewsletterSubscriptionSchema, ...errorResponses(400, 409, 422) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      if (!EMAIL.test(email)) throw validationError({ email: [english('errors.field.email')] });
      const token = newRefreshToken();
      const locale = localeOfRequest(request.headers);
      const link = `${siteOrigin(app, request)}/newsletter-confirm?token=${encodeURIComponent(token)}`;
      const subscription = await app.repos.transaction(async (repos) => {
        const result = await repos.newsletter.subscribe(email, sha256Hex(token), locale);
        if (!result.needsConfirmation) return result;
        const { retryAfter } = await repos.loginAttempts.reserve([{ scope: `newsletter:${email}`, max: CONFIRM_MAILS_PER_EMAIL }]);
        if (retryAfter === 0) await repos.mail.queue(newsletterConfirmMail(email, link, locale));
        return result;
      });
      const t = translator(locale);
      const detail = subscription.needsConfirmation ? t('server.newsletter.checkEmail') : t('server.newsletter.subscribed');
      return reply.code(subscription.status === 'created' ? 201 : 200).send({ detail, email });
    },
  );

  app.post(
    '/confirm/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['landing'],
        summary: 'Confirm a subscription with the link from the confirm mail',
        body: TokenQuery,
        response: { 200: DetailAnswerSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      if (!(await app.repos.newsletter.confirm(sha256Hex(request.body.token)))) {
        throw new ApiError(404, 'not_found', english('errors.newsletter.badConfirm'));
      }
      return { detail: translator(localeOfRequest(request.headers))('server.newsletter.confirmed') };
    },
  );

  const unsubscribe = async (token: string, request: FastifyRequest) => {
    if (!(await app.repos.newsletter.unsubscribe(token))) throw new ApiError(404, 'not_found', english('errors.newsletter.badUnsubscribe'));
    return { detail: translator(localeOfRequest(request.headers))('server.newsletter.unsubscribed') };
  };

  app.get(
    '/unsubscribe/',
    {
      schema: {
        tags: ['landing'],
        summary: 'Unsubscribe with the token from a newsletter email',
        querystring: TokenQuery,
        response: { 200: DetailAnswerSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => unsubscribe(request.query.token, request),
  );

  app.post(
    '/unsubscribe/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['landing'],
        summary: 'One-click unsubscribe (RFC 8058): what mail apps POST to the List-Unsubscribe address',
        querystring: TokenQuery,
        response: { 200: DetailAnswerSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => unsubscribe(request.query.token, request),
  );
};

export default routes;
