/**
 * The account's two-step sign-in and the step-up money actions ask for (/api/user/security/…):
 * status; setup (a new secret as text, otpauth URI and QR code) then enable with its first code,
 * which answers 10 recovery codes once; new recovery codes; disable (not for admins); and
 * step-up, which marks this session checked for the next 10 minutes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { renderSVG } from 'uqr';
import {
  CodeBody,
  ProofBody,
  RecoveryCodesSchema,
  SecurityStatusSchema,
  StepUpAnswerSchema,
  TwoStepSetupSchema,
} from '../../../../../shared/contract/security';
import { normalizeTotpCode, RECOVERY_CODE_COUNT } from '../../../../../shared/sign-in';
import { ApiError } from '../../../../lib/api-error';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash } from '../../../../lib/totp';
import { normalizeRecoveryCode } from '../../../../../shared/sign-in';
import { audit } from '../../../audit-entry';
import { passwordIsRight } from '../../../../lib/password-attempt';
import { errorResponses } from '../../../shared-schemas';
import { BAD_CODE_FORMAT, checkSecondFactor, fieldError, USED_CODE, WRONG_CODE } from '../auth/second-factor';
import { english } from '../../../../lib/localize';

const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  const verifiedUntil = (at: Date | null) => (at ? new Date(at.getTime() + app.config.stepUpSeconds * 1000).toISOString() : null);

  /** Fresh recovery codes for the user: only their hashes are kept; the caller shows them once. */
  async function freshRecoveryCodes(userId: string): Promise<string[]> {
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
    await app.repos.twoStep.replaceRecoveryCodes(
      userId,
      codes.map((c) => recoveryCodeHash(userId, normalizeRecoveryCode(c)!)),
    );
    return codes;
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['security'],
        security,
        summary: 'Two-step sign-in status, and until when money actions need no new check',
        response: { 200: SecurityStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = request.user!;
      const row = await app.repos.twoStep.find(user.id);
      const enabled = Boolean(row?.enabledAt);
      return {
        two_step: {
          enabled,
          enabled_at: row?.enabledAt ? row.enabledAt.toISOString() : null,
          recovery_codes_left: enabled ? await app.repos.twoStep.recoveryCodesLeft(user.id) : 0,
        },
        two_step_required: user.role === 'admin',
        verified_until: user.fresh ? verifiedUntil(user.verifiedAt) : null,
        step_up_with: enabled ? ('code' as const) : ('password' as const),
      };
    },
  );

  app.post(
    '/two-step/setup/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['security'],
        security,
        summary: 'Start setting up two-step sign-in: a new secret for the authenticator app (text, otpauth URI, QR code)',
        description: 'Needs a password check in the last 10 minutes (signing in counts). 409 when it is already on.',
        response: { 200: TwoStepSetupSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const user = request.user!;
      await app.requireStepUp(request);
      const secret = newTotpSecret();
      if (!(await app.repos.twoStep.startEnrolment(user.id, secret))) {
        throw new ApiError(409, 'conflict', english('errors.twoStep.alreadyOnMove'));
      }
      const uri = otpauthUri(secret, user.email);
      return { secret, otpauth_uri: uri, qr_svg: renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 6 }) };
    },
  );

  app.post(
    '/two-step/enable/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['security'],
        security,
        summary: 'Turn two-step sign-in on with the first code the app shows; answers 10 recovery codes, once',
        body: CodeBody,
        response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const user = request.user!;
      const code = normalizeTotpCode(request.body.code);
      if (!code) throw fieldError('code', BAD_CODE_FORMAT);
      const row = await app.repos.twoStep.find(user.id);
      if (row?.enabledAt) throw new ApiError(409, 'conflict', english('errors.twoStep.alreadyOn'));
      if (!row) throw new ApiError(409, 'conflict', english('errors.twoStep.startFirst'));
      const scope = `two-step:user:${user.id}`;
      const { retryAfter } = await app.repos.loginAttempts.reserve([{ scope, max: app.config.twoStepLimits.perAccount }]);
      if (retryAfter > 0)
        throw new ApiError(429, 'rate_limited', english('errors.twoStep.tooManyLater'), undefined, { 'retry-after': String(retryAfter) });
      const step = matchTotp(row.secret, code, Date.now());
      if (step === null) throw fieldError('code', WRONG_CODE);
      if (!(await app.repos.twoStep.enable(user.id, step))) throw fieldError('code', USED_CODE);
      await app.repos.loginAttempts.clear(scope);
      await app.repos.sessions.markVerified(user.sessionId);
      const codes = await freshRecoveryCodes(user.id);
      await audit(app.repos, request, { action: 'two_step.enable', subjectUserId: user.id, after: { two_step: true } });
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/two-step/recovery-codes/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['security'],
        security,
        summary: 'Replace the recovery codes (the old ones stop working); needs a check in the last 10 minutes',
        response: { 200: RecoveryCodesSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const user = request.user!;
      if (!user.twoStep) throw new ApiError(409, 'conflict', english('errors.twoStep.notOn'));
      await app.requireStepUp(request);
      const codes = await freshRecoveryCodes(user.id);
      await audit(app.repos, request, { action: 'two_step.recovery_codes', subjectUserId: user.id });
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/two-step/disable/',
    {
      schema: {
        tags: ['security'],
        security,
        summary: 'Turn two-step sign-in off with a current code or a recovery code (admins cannot)',
        body: ProofBody,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      if (user.role === 'admin') throw new ApiError(403, 'permission_denied', english('errors.twoStep.adminKeeps'));
      if (!user.twoStep) throw new ApiError(409, 'conflict', english('errors.twoStep.notOn'));
      await checkSecondFactor(app, request, user.id, request.body);
      await app.repos.transaction(async (repos) => {
        await repos.twoStep.disable(user.id);
        await audit(repos, request, {
          action: 'two_step.disable',
          subjectUserId: user.id,
          before: { two_step: true },
          after: { two_step: false },
        });
      });
      return reply.code(204).send(null);
    },
  );

  async function checkPassword(request: FastifyRequest, password: string): Promise<void> {
    const user = request.user!;
    // The password's own limits, shared with signing in.
    const ok = await passwordIsRight(app, request, password);
    if (!ok) throw fieldError('password', english('errors.password.notRight'));
    await app.repos.loginAttempts.clear(`email:${user.email}`);
    await app.repos.loginAttempts.release([`ip:${request.ip}`]);
  }

  app.post(
    '/step-up/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['security'],
        security,
        summary: 'Confirm it is you before a money action: a code (two-step sign-in on) or the password (off)',
        description:
          'Marks this session checked: money actions (payout details, withdrawals, approvals, refunds, role changes) are ' +
          'allowed for 10 minutes. With two-step sign-in on, only `code` or `recovery_code` will do.',
        body: ProofBody,
        response: { 200: StepUpAnswerSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const user = request.user!;
      const { code, recovery_code: recovery, password } = request.body;
      if (user.twoStep) {
        if (!code && !recovery) throw fieldError('code', english('errors.twoStep.enterCode'));
        await checkSecondFactor(app, request, user.id, { code, recovery_code: recovery });
      } else {
        if (!password) throw fieldError('password', english('errors.password.enter'));
        await checkPassword(request, password);
      }
      const at = await app.repos.sessions.markVerified(user.sessionId);
      if (!at) throw new ApiError(401, 'token_invalid', english('errors.auth.sessionEnded'));
      return { verified_until: verifiedUntil(at)! };
    },
  );
};

export default routes;
