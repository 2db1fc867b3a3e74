/** Newsletter subscribe (idempotent per address) and unsubscribe by token. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError, validationError } from '../../../lib/api-error';
import { errorResponses } from '../../shared-schemas';
import { NewsletterSubscribeBody, NewsletterSubscriptionSchema } from '../../../../shared/contract/content';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/subscribe/',
    {
      schema: {
        tags: ['landing'],
        summary: 'Subscribe an email (201 the first time, 200 after)',
        body: NewsletterSubscribeBody,
        response: { 200: NewsletterSubscriptionSchema, 201: NewsletterSubscriptionSchema, ...errorResponses(400, 409, 422) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      if (!EMAIL.test(email)) throw validationError({ email: ['Enter a valid email address.'] });
      const result = await app.repos.newsletter.subscribe(email);
      return reply.code(result === 'created' ? 201 : 200).send({ detail: 'Subscribed', email });
    },
  );

  app.get(
    '/unsubscribe/',
    {
      schema: {
        tags: ['landing'],
        summary: 'Unsubscribe with the token from a newsletter email',
        querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Object({ detail: Type.String() }), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      if (!(await app.repos.newsletter.unsubscribe(request.query.token))) {
        throw new ApiError(404, 'not_found', 'This unsubscribe link is not valid.');
      }
      return { detail: 'Unsubscribed' };
    },
  );
};

export default routes;
