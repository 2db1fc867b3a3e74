/**
 * Payout directories and the bank account check (spec §7): GET /api/user/banks/ and
 * /api/user/mobile-money/ are public (the profile form needs them, and they are cached
 * for 24 h, see payouts/directory.ts); POST /api/user/validate-bank-account/ needs a sign-in.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BankAccountCheckBody,
  BankAccountCheckSchema,
  InstitutionSchema,
  type BankAccountCheck,
} from '../../../../../shared/contract/payouts';
import { ApiError, REQUIRED, validationError } from '../../../../lib/api-error';
import { ProviderError } from '../../../../payments/provider';
import { payoutDirectory, type DirectoryKind } from '../../../../payouts/directory';
import {
  ACCOUNT_NOT_FOUND,
  BAD_ACCOUNT_NUMBER,
  cleanAccountNumber,
  knownInstitution,
  resolveAccountName,
  UNKNOWN_BANK,
} from '../../../../payouts/details';
import { errorResponses } from '../../../shared-schemas';
import { english } from '../../../../lib/localize';

const Institutions = Type.Array(InstitutionSchema);
const LIST_DOWN = english('errors.payout.listDown');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function list(kind: DirectoryKind) {
    try {
      return await payoutDirectory(app.repos.settings, app.payments, kind);
    } catch (error) {
      if (error instanceof ProviderError) throw new ApiError(502, 'server_error', LIST_DOWN);
      throw error;
    }
  }

  app.get(
    '/banks/',
    {
      schema: {
        tags: ['payouts'],
        summary: 'Ghanaian banks organizers can be paid to, by name',
        response: { 200: Institutions, ...errorResponses(502) },
      },
    },
    () => list('banks'),
  );

  app.get(
    '/mobile-money/',
    {
      schema: {
        tags: ['payouts'],
        summary: 'Mobile money networks (MTN, Telecel, AirtelTigo)',
        response: { 200: Institutions, ...errorResponses(502) },
      },
    },
    () => list('mobile_money'),
  );

  app.post(
    '/validate-bank-account/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payouts'],
        security: [{ bearer: [] }],
        summary: "The account holder's name as the bank knows it",
        body: BankAccountCheckBody,
        response: { 200: BankAccountCheckSchema, ...errorResponses(400, 401, 502) },
      },
    },
    async (request): Promise<BankAccountCheck> => {
      const code = (request.body.bank_code ?? '').trim();
      const rawNumber = String(request.body.account_number ?? '').trim();
      if (!code || !rawNumber) {
        throw validationError({ ...(code ? {} : { bank_code: [REQUIRED] }), ...(rawNumber ? {} : { account_number: [REQUIRED] }) });
      }
      const bank = await knownInstitution(app, 'banks', code);
      if (!bank) throw validationError({ bank_code: [UNKNOWN_BANK] });
      const accountNumber = cleanAccountNumber(rawNumber);
      if (!accountNumber) throw validationError({ account_number: [BAD_ACCOUNT_NUMBER] });
      const accountName = await resolveAccountName(app, bank.code, accountNumber);
      if (!accountName) throw validationError({ account_number: [ACCOUNT_NOT_FOUND] });
      return { bank_code: bank.code, account_number: accountNumber, account_name: accountName };
    },
  );
};

export default routes;
