/**
 * What signing in and proving "it is you" share: starting a session (its row, its refresh-token
 * family, an access token naming it) and checking a second factor, a TOTP code or a recovery code,
 * under its own limits per account and per IP. Like the password's, each attempt takes its slot in
 * the database before any code is checked, so simultaneous guesses on any number of processes
 * never check more than the limit; a success gives the slots back.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeRecoveryCode, normalizeTotpCode } from '../../../../../shared/sign-in';
import { ApiError, validationError } from '../../../../lib/api-error';
import { matchTotp, recoveryCodeHash } from '../../../../lib/totp';
import { cleanHeader } from '../../../../lib/user-agent';
import type { UserRow } from '../../../../repositories/users';
import { english } from '../../../../lib/localize';

export const WRONG_CODE = english('errors.twoStep.wrongCode');
export const USED_CODE = english('errors.twoStep.usedCode');
export const BAD_CODE_FORMAT = english('errors.twoStep.codeFormat');
export const WRONG_RECOVERY = english('errors.twoStep.wrongRecovery');
export const BAD_RECOVERY_FORMAT = english('errors.twoStep.recoveryFormat');

/** Where the request came from, for sessions and the audit trail. */
export function clientOf(request: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: cleanHeader(request.ip, 100), userAgent: cleanHeader(request.headers['user-agent']) };
}

/** A new signed-in session: its row, a refresh token of its family and an access token naming it. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
): Promise<{ access: string; refresh: string; sessionId: string }> {
  const sessionId = randomUUID();
  const { ip, userAgent } = clientOf(request);
  // A sign-in checked the password (and the second step when there is one) just now: money may move.
  await app.repos.sessions.start({ id: sessionId, userId: user.id, userAgent, ip, verified: true });
  const refresh = await app.repos.refreshTokens.issue(user.id, sessionId);
  return { access: await app.tokens.sign(user, sessionId), refresh, sessionId };
}

/** A 400 whose one message is also its detail (forms show it above the field or beside it). */
export const fieldError = (field: string, message: string) => validationError({ [field]: [message] }, message);

function tooMany(wait: number): ApiError {
  const minutes = Math.ceil(wait / 60);
  const detail = minutes === 1 ? english('errors.twoStep.tooManyOneMinute') : english('errors.twoStep.tooManyMinutes', { minutes });
  return new ApiError(429, 'rate_limited', detail, undefined, { 'retry-after': String(wait) });
}

export interface SecondFactor {
  code?: string;
  recovery_code?: string;
}

/**
 * Checks a code or a recovery code of `userId` (exactly one), counted against the second step's
 * limits. Throws a 400 naming the field for a malformed, wrong or replayed code, 429 over a limit.
 */
export async function checkSecondFactor(app: FastifyInstance, request: FastifyRequest, userId: string, proof: SecondFactor): Promise<void> {
  const hasCode = proof.code !== undefined && proof.code !== '';
  const hasRecovery = proof.recovery_code !== undefined && proof.recovery_code !== '';
  if (hasCode === hasRecovery) {
    throw fieldError('code', english('errors.twoStep.codeOrRecovery'));
  }
  // Malformed input checks nothing, so it takes no slot.
  const code = hasCode ? normalizeTotpCode(proof.code!) : null;
  const recovery = hasRecovery ? normalizeRecoveryCode(proof.recovery_code!) : null;
  if (hasCode && !code) throw fieldError('code', BAD_CODE_FORMAT);
  if (hasRecovery && !recovery) throw fieldError('recovery_code', BAD_RECOVERY_FORMAT);

  const { perAccount, perIp } = app.config.twoStepLimits;
  const accountScope = `two-step:user:${userId}`;
  const ipScope = `two-step:ip:${request.ip}`;
  const reservation = await app.repos.loginAttempts.reserve([
    { scope: accountScope, max: perAccount },
    { scope: ipScope, max: perIp },
  ]);
  if (reservation.retryAfter > 0) throw tooMany(reservation.retryAfter);

  if (code) {
    const row = await app.repos.twoStep.find(userId);
    const step = row?.enabledAt ? matchTotp(row.secret, code, Date.now()) : null;
    // A failure keeps its slot: that is the count.
    if (step === null) throw fieldError('code', WRONG_CODE);
    if (!(await app.repos.twoStep.useStep(userId, step))) throw fieldError('code', USED_CODE);
  } else if (!(await app.repos.twoStep.useRecoveryCode(userId, recoveryCodeHash(userId, recovery!)))) {
    throw fieldError('recovery_code', WRONG_RECOVERY);
  }
  await app.repos.loginAttempts.clear(accountScope);
  await app.repos.loginAttempts.release([ipScope]);
}
