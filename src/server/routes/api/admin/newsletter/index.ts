/**
 * Newsletter issues, for admins: write one and it is queued for every confirmed subscriber in the
 * same transaction that records it (a retried request with the same Idempotency-Key sends nothing
 * twice). Each copy carries its reader's own unsubscribe link and List-Unsubscribe headers.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomBytes } from 'node:crypto';
import { NewsletterAudienceSchema, NewsletterIssueBody, NewsletterIssueSchema } from '../../../../../shared/contract/mail';
import { BLANK, FieldErrorList } from '../../../../lib/api-error';
import { DEFAULT_LOCALE, LOCALES } from '../../../../../shared/i18n/locales';
import { siteOrigin } from '../../../../lib/site-origin';
import { newsletterIssueMail } from '../../../../mail/newsletter-mail';
import type { NewsletterIssueRow } from '../../../../repositories/newsletter';
import { paginate, PaginatedOf, PageQuery, pageRequest } from '../../../pagination';
import { audit } from '../../../audit-entry';
import { errorResponses } from '../../../shared-schemas';

const toIssue = (row: NewsletterIssueRow) => ({
  id: row.id,
  subject: row.subject,
  body: row.body,
  recipients: row.recipients,
  created_at: row.createdAt.toISOString(),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const security = [{ bearer: [] }];

  app.get(
    '/audience/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'How many confirmed subscribers an issue would reach',
        response: { 200: NewsletterAudienceSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ confirmed_subscribers: await app.repos.newsletter.confirmedCount() }),
  );

  app.get(
    '/issues/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Issues sent, newest first',
        querystring: PageQuery,
        response: { 200: PaginatedOf(NewsletterIssueSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, 20);
      const { total, rows } = await app.repos.newsletter.issues(page.limit, page.offset);
      return paginate(request, page, total, rows.map(toIssue));
    },
  );

  app.post(
    '/issues/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Send an issue to every confirmed subscriber',
        body: NewsletterIssueBody,
        response: { 201: NewsletterIssueSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const subject = request.body.subject.trim();
      const body = request.body.body.trim();
      const errors = new FieldErrorList();
      if (!subject) errors.add('subject', BLANK);
      if (!body) errors.add('body', BLANK);
      errors.throwIfAny();
      // A placeholder no admin would type, swapped for each subscriber's token as the copies are queued.
      const token = `__unsubscribe_${randomBytes(12).toString('hex')}__`;
      const origin = siteOrigin(app, request);
      const links = { page: `${origin}/unsubscribe?token=${token}`, oneClick: `${origin}/api/newsletter/unsubscribe/?token=${token}` };
      const issue = await app.repos.transaction(async (repos) => {
        // One copy per language, its small print in the subscribers' language; English also for a language not known.
        let recipients = 0;
        for (const locale of LOCALES) {
          const mail = newsletterIssueMail(subject, body, links, locale);
          recipients += await repos.mail.queueNewsletter(mail, token, {
            locale,
            orUnknown: locale === DEFAULT_LOCALE ? LOCALES : undefined,
          });
        }
        const recorded = await repos.newsletter.recordIssue({ subject, body, sentBy: request.user!.id, recipients });
        await audit(repos, request, {
          action: 'newsletter.send',
          targetType: 'newsletter_issue',
          targetId: recorded.id,
          after: { subject, recipients },
        });
        return recorded;
      });
      return reply.code(201).send(toIssue(issue));
    },
  );
};

export default routes;
