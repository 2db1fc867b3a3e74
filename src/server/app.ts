/**
 * Builds the Fastify app from a config. Tests call buildApp + app.inject;
 * server.ts calls it and listens. Order matters: the database and
 * repositories first, then auth (it reads the shared JWT secret), then
 * request-level plugins, then routes.
 */
import { pino } from 'pino';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config';
import authPlugin from './plugins/app/auth';
import bootstrapPlugin from './plugins/app/bootstrap';
import corsPlugin from './plugins/app/cors';
import errorHandlerPlugin, { clientErrorHandler, frameworkErrors } from './plugins/app/error-handler';
import idempotencyPlugin from './plugins/app/idempotency';
import publicCachePlugin from './plugins/app/public-cache';
import compressPlugin from './plugins/app/compress';
import jsonBodyPlugin from './plugins/app/json-body';
import repositoriesPlugin from './plugins/app/repositories';
import webAppPlugin from './plugins/app/web-app';
import dbPlugin from './plugins/external/db';
import helmetPlugin from './plugins/external/helmet';
import multipartPlugin from './plugins/external/multipart';
import paymentsPlugin from './plugins/app/payments';
import mediaStorePlugin from './plugins/app/media-store';
import pushPlugin from './plugins/app/push';
import realtimePlugin from './plugins/app/realtime';
import lifecyclePlugin from './plugins/app/lifecycle';
import mailPlugin from './plugins/app/mail';
import metricsPlugin from './plugins/app/metrics';
import smsPlugin from './plugins/app/sms';
import sweeperPlugin from './plugins/app/sweeper';
import pubsubPlugin from './plugins/external/pubsub';
import websocketPlugin from './plugins/external/websocket';
import swaggerPlugin from './plugins/external/swagger';
import adminAuditRoutes from './routes/api/admin/audit/index';
import adminCauseRoutes from './routes/api/admin/causes/index';
import adminMetricsRoutes from './routes/api/admin/metrics/index';
import adminMailRoutes from './routes/api/admin/mail/index';
import adminNewsletterRoutes from './routes/api/admin/newsletter/index';
import adminPaymentRoutes from './routes/api/admin/payments/index';
import adminDonationRoutes from './routes/api/admin/donations/index';
import adminUserRoutes from './routes/api/admin/users/index';
import adminWithdrawalRoutes from './routes/api/admin/withdrawals/index';
import adminUssdRoutes from './routes/api/admin/ussd/index';
import causeLedgerRoutes from './routes/api/causes/ledger/index';
import causeDonationRoutes from './routes/api/causes/donations/index';
import causeStatementRoutes from './routes/api/causes/statements/index';
import causeUpdateRoutes from './routes/api/causes/updates/index';
import causePosterRoutes from './routes/api/causes/posters/index';
import payoutDirectoryRoutes from './routes/api/user/banks/index';
import withdrawalRoutes from './routes/api/withdrawals/index';
import withdrawalApprovalRoutes from './routes/api/withdrawals/approvals';
import treasurerRoutes from './routes/api/causes/treasurers/index';
import treasurerInvitationRoutes from './routes/api/treasurer-invitations/index';
import blogPostRoutes from './routes/api/blog-posts/index';
import cartRoutes from './routes/api/cart/index';
import categoryRoutes from './routes/api/categories/index';
import causeRoutes from './routes/api/causes/index';
import configRoutes from './routes/api/config/index';
import contributorRoutes from './routes/api/contributors/index';
import donationRoutes from './routes/api/donations/index';
import favoriteRoutes from './routes/api/favorites/index';
import healthRoutes from './routes/api/health/index';
import newsletterRoutes from './routes/api/newsletter/index';
import notificationRoutes from './routes/api/notifications/index';
import paymentRoutes from './routes/api/payments/index';
import receiptRoutes from './routes/api/receipts/index';
import smsRoutes from './routes/api/sms/index';
import pushRoutes from './routes/api/push/index';
import statisticsRoutes from './routes/api/statistics/index';
import subscriptionRoutes from './routes/api/subscriptions/index';
import successStoryRoutes from './routes/api/success-stories/index';
import testimonialRoutes from './routes/api/testimonials/index';
import authRoutes from './routes/api/user/auth/index';
import dashboardRoutes from './routes/api/user/dashboard/index';
import profileRoutes from './routes/api/user/profile/index';
import publicProfileRoutes from './routes/api/user/profiles/index';
import deleteAccountRoutes from './routes/api/user/delete-account/index';
import passwordResetRoutes from './routes/api/user/password-reset/index';
import tokenRoutes from './routes/api/user/token/index';
import ussdRoutes from './routes/api/ussd/index';
import securityRoutes from './routes/api/user/security/index';
import securityDeviceRoutes from './routes/api/user/security/devices';
import payoutDetailsRoutes from './routes/api/user/payout-details/index';
import mediaRoutes from './routes/media/index';
import metricsRoutes from './routes/metrics/index';
import sandboxRoutes from './routes/sandbox/index';
import shortLinkRoutes from './routes/short-links/index';
import socketRoutes from './routes/ws/index';
import { serializersOnFirstUse } from './lib/serializers';
import { hardenedValidators } from './lib/validators';
import './types';

/**
 * One log line per request, written when it is answered (request id, method, URL, status, time),
 * instead of Fastify's two: half the logging work on every read. Error and 404 lines stay as they are.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.info(
      {
        // A secret in the query (the SMS gateway's ?token=, a newsletter link's token) stays out of the logs.
        req: { method: request.method, url: request.url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]'), remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    // Log lines are written asynchronously: a synchronous write per request blocks the event loop
    // under load (pino flushes what is buffered when the process exits).
    logger: { level: config.logLevel, stream: pino.destination({ dest: 1, sync: false }) },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    // /api/health and /api/health/ both work: clients differ on trailing slashes.
    routerOptions: { ignoreTrailingSlash: true },
    // Closing (after SIGTERM's drain, server.ts) a request that still arrives on an open connection is
    // served like any other (the database closes only after the last one), not refused with 503.
    return503OnClosing: false,
    // Opening PGlite and running migrations can take well over Fastify's 10 s default on a busy
    // or slow machine; a slow start is fine, a refused one is not.
    pluginTimeout: 120_000,
    // Report every invalid field at once, not just the first.
    ajv: { customOptions: { allErrors: true } },
    // Every route's params, query and body: exact types after coercion, no NUL, bounded depth (lib/validators.ts).
    // Validators and serializers compile on a route's first use, not at start-up (lib/serializers.ts says why).
    schemaController: { compilersFactory: { buildValidator: hardenedValidators(), buildSerializer: serializersOnFirstUse() } },
    // Errors Fastify answers before any route runs, and requests Node cannot parse: our error shape too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  try {
    await app.register(errorHandlerPlugin);
    await app.register(jsonBodyPlugin);
    await app.register(dbPlugin);
    await app.register(repositoriesPlugin);
    await app.register(authPlugin);
    await app.register(bootstrapPlugin);
    await app.register(mediaStorePlugin);
    await app.register(paymentsPlugin);
    await app.register(sweeperPlugin);
    // Realtime: LISTEN/NOTIFY, Web Push keys, then the socket hub that uses both.
    await app.register(pubsubPlugin);
    await app.register(pushPlugin);
    await app.register(mailPlugin);
    await app.register(smsPlugin);
    await app.register(realtimePlugin);
    await app.register(websocketPlugin);
    // Readiness and the drain, then /metrics (its request hook sees every route registered after it).
    await app.register(lifecyclePlugin);
    await app.register(metricsPlugin);
    await app.register(helmetPlugin);
    await app.register(corsPlugin);
    await app.register(swaggerPlugin);
    await app.register(multipartPlugin);
    await app.register(idempotencyPlugin);
    await app.register(publicCachePlugin);
    await app.register(compressPlugin);

    await app.register(healthRoutes, { prefix: '/api' });
    await app.register(metricsRoutes);
    await app.register(configRoutes, { prefix: '/api' });
    await app.register(authRoutes, { prefix: '/api/user/auth' });
    await app.register(tokenRoutes, { prefix: '/api/user/token' });
    await app.register(passwordResetRoutes, { prefix: '/api/user/password-reset' });
    await app.register(securityRoutes, { prefix: '/api/user/security' });
    await app.register(securityDeviceRoutes, { prefix: '/api/user/security' });
    await app.register(payoutDetailsRoutes, { prefix: '/api/user/payout-details' });
    await app.register(deleteAccountRoutes, { prefix: '/api/user' });
    await app.register(profileRoutes, { prefix: '/api/user' });
    await app.register(publicProfileRoutes, { prefix: '/api/user' });
    await app.register(dashboardRoutes, { prefix: '/api/user' });
    await app.register(causeRoutes, { prefix: '/api/causes' });
    await app.register(categoryRoutes, { prefix: '/api/categories' });
    await app.register(causeLedgerRoutes, { prefix: '/api/causes' });
    await app.register(causeDonationRoutes, { prefix: '/api/causes' });
    await app.register(causeStatementRoutes, { prefix: '/api/causes' });
    await app.register(causeUpdateRoutes, { prefix: '/api/causes' });
    await app.register(causePosterRoutes, { prefix: '/api/causes' });
    await app.register(payoutDirectoryRoutes, { prefix: '/api/user' });
    await app.register(withdrawalRoutes, { prefix: '/api/withdrawals' });
    await app.register(withdrawalApprovalRoutes, { prefix: '/api/withdrawals' });
    await app.register(treasurerRoutes, { prefix: '/api/causes' });
    await app.register(treasurerInvitationRoutes, { prefix: '/api/treasurer-invitations' });
    await app.register(adminWithdrawalRoutes, { prefix: '/api/admin/withdrawals' });
    await app.register(adminCauseRoutes, { prefix: '/api/admin/causes' });
    await app.register(adminMetricsRoutes, { prefix: '/api/admin/metrics' });
    await app.register(adminUserRoutes, { prefix: '/api/admin/users' });
    await app.register(adminPaymentRoutes, { prefix: '/api/admin/payments' });
    await app.register(adminDonationRoutes, { prefix: '/api/admin/donations' });
    await app.register(adminMailRoutes, { prefix: '/api/admin/mail' });
    await app.register(adminNewsletterRoutes, { prefix: '/api/admin/newsletter' });
    await app.register(adminUssdRoutes, { prefix: '/api/admin/ussd' });
    await app.register(ussdRoutes, { prefix: '/api/ussd' });
    await app.register(adminAuditRoutes, { prefix: '/api/admin/audit' });
    await app.register(donationRoutes, { prefix: '/api/donations' });
    await app.register(cartRoutes, { prefix: '/api/cart' });
    await app.register(paymentRoutes, { prefix: '/api/payments' });
    await app.register(subscriptionRoutes, { prefix: '/api/subscriptions' });
    await app.register(receiptRoutes, { prefix: '/api' });
    await app.register(smsRoutes, { prefix: '/api/sms' });
    await app.register(shortLinkRoutes, { prefix: '/r' });
    await app.register(favoriteRoutes, { prefix: '/api/favorites' });
    await app.register(notificationRoutes, { prefix: '/api/notifications' });
    await app.register(pushRoutes, { prefix: '/api/push' });
    await app.register(socketRoutes);
    await app.register(newsletterRoutes, { prefix: '/api/newsletter' });
    await app.register(statisticsRoutes, { prefix: '/api/statistics' });
    await app.register(contributorRoutes, { prefix: '/api/contributors' });
    await app.register(successStoryRoutes, { prefix: '/api/success-stories' });
    await app.register(blogPostRoutes, { prefix: '/api/blog-posts' });
    await app.register(testimonialRoutes, { prefix: '/api/testimonials' });
    await app.register(mediaRoutes, { prefix: '/media' });
    await app.register(sandboxRoutes, { prefix: '/sandbox' });
    await app.register(webAppPlugin);
    await app.ready();
  } catch (error) {
    // Release the database (PGlite files, pool) before reporting the failure.
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}
