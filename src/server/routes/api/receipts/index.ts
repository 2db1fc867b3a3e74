/**
 * Receipt PDFs: one settled payment's receipt, and a signed-in donor's statement for a year.
 * A receipt is readable by its donor, an admin, or whoever holds the signed link from the receipt
 * email (a guest has no session). A payment that is not settled as success has no receipt.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../../lib/api-error';
import { receiptPdf, statementPdf } from '../../../documents/receipt-pdf';
import { REFERENCE_PATTERN } from '../../../payments/reference';
import { errorResponses } from '../../shared-schemas';
import { LocaleSchema } from '../../../../shared/contract/common';
import type { Locale } from '../../../../shared/i18n/locales';
import { localeOfRequest } from '../../../lib/i18n';
import { english, localeOf } from '../../../lib/localize';

const PdfBody = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'PDF document' });
const receiptNotFound = () => new ApiError(404, 'not_found', english('errors.notFound.receipt'));

function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  // Donor data: never kept by a shared cache; the app saves its own copy for offline reading.
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * A receipt's language: the one its mail link names (the mail's), else the signed-in reader's account choice,
   * else the request's (the app's cookie, else Accept-Language).
   */
  async function pdfLocale(request: FastifyRequest, userId: string | null, lang: Locale | undefined): Promise<Locale> {
    return localeOf(lang, await app.repos.users.localeOf(userId), localeOfRequest(request.headers));
  }

  app.get(
    '/payments/:reference/receipt.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: "A settled payment's receipt (PDF): its donor, an admin, or a signed link from the receipt email",
        description: 'Guests use the link of the receipt email (`sig` and `exp`, valid 30 days); others send their bearer token.',
        params: Type.Object({ reference: Type.String({ maxLength: 100 }) }),
        querystring: Type.Object({
          sig: Type.Optional(Type.String({ maxLength: 128 })),
          exp: Type.Optional(Type.String({ maxLength: 20 })),
          lang: Type.Optional(LocaleSchema),
        }),
        response: { 200: PdfBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const { sig, exp } = request.query;
      if (!REFERENCE_PATTERN.test(reference)) throw receiptNotFound();
      const signed = sig !== undefined || exp !== undefined;
      if (signed && !app.receiptLinks.check(reference, sig, exp)) {
        throw new ApiError(403, 'permission_denied', english('errors.receipt.badLink'));
      }
      const user = signed ? null : await app.optionalUser(request);
      if (!signed && !user) throw new ApiError(401, 'not_authenticated', english('errors.auth.noCredentials'));

      const receipt = await app.repos.payments.receipt(reference);
      if (!receipt || receipt.payment.status !== 'success' || receipt.donations.length === 0) throw receiptNotFound();
      const { payment, donations } = receipt;
      const owns = !!user && (payment.userId === user.id || donations.some((d) => d.donorId === user.id));
      // Someone else's payment looks like no payment at all.
      if (!signed && user!.role !== 'admin' && !owns) throw receiptNotFound();

      const donor = donations[0]!;
      const pdf = await receiptPdf(
        {
          reference,
          date: payment.completedAt ?? payment.updatedAt,
          donorName: donor.donorName.trim() || `${donor.firstName} ${donor.lastName}`.trim(),
          email: payment.email,
          anonymous: donations.some((d) => d.isAnonymous),
          method: donations.find((d) => d.paymentMethod)?.paymentMethod ?? null,
          lines: donations.flatMap((d) => [
            { label: d.causeTitle, amount: d.amount },
            ...(d.refundedAmount > 0 ? [{ label: d.causeTitle, amount: -d.refundedAmount, refund: true }] : []),
          ]),
        },
        await pdfLocale(request, user?.id ?? null, request.query.lang),
      );
      return sendPdf(reply, `boafo-receipt-${reference}.pdf`, pdf);
    },
  );

  app.get(
    '/donations/statement/:year.pdf',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['donations'],
        summary: "The signed-in donor's completed donations of one calendar year (UTC), as a PDF statement",
        params: Type.Object({ year: Type.String({ maxLength: 10, description: 'A calendar year, e.g. 2026' }) }),
        response: { 200: PdfBody, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const year = /^\d{4}$/.test(request.params.year) ? Number(request.params.year) : NaN;
      if (!(year >= 2000 && year <= 9999)) throw new ApiError(404, 'not_found', english('errors.notFound.statement'));
      const user = request.user!;
      const [account, rows] = await Promise.all([app.repos.users.findById(user.id), app.repos.donations.completedInYear(user.id, year)]);
      const pdf = await statementPdf(
        {
          year,
          donorName: account ? `${account.firstName} ${account.lastName}`.trim() : '',
          email: account?.email ?? user.email,
          lines: rows.map((r) => ({ label: r.causeTitle, amount: r.amount, date: r.completedAt, reference: r.reference })),
        },
        localeOf(account?.locale, localeOfRequest(request.headers)),
      );
      return sendPdf(reply, `boafo-statement-${year}.pdf`, pdf);
    },
  );
};

export default routes;
