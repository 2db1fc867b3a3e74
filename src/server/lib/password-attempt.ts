/**
 * The signed-in person's password, checked again (a password change, confirming it is you) under the sign-in's
 * own limits: per email and per IP, counted in the database before the check, so simultaneous guesses and other
 * processes share them. A wrong password keeps its reserved slot; what a right one gives back is the caller's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { english } from './localize';
import { verifyAgainstDummy, verifyPassword } from './passwords';

export async function passwordIsRight(app: FastifyInstance, request: FastifyRequest, password: string): Promise<boolean> {
  const user = request.user!;
  const { perEmail, perIp } = app.config.loginLimits;
  const { retryAfter } = await app.repos.loginAttempts.reserve([
    { scope: `email:${user.email}`, max: perEmail },
    { scope: `ip:${request.ip}`, max: perIp },
  ]);
  if (retryAfter > 0) {
    throw new ApiError(429, 'rate_limited', english('errors.password.tooManyWrong'), undefined, {
      'retry-after': String(retryAfter),
    });
  }
  const account = await app.repos.users.findById(user.id);
  return account ? verifyPassword(account.passwordHash, password) : verifyAgainstDummy(password);
}
