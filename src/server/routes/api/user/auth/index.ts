/**
 * Sign-up, login (rate limited per email and per IP), the second step of an account with two-step
 * sign-in (its own limits, second-factor.ts), and logout.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { passwordProblems } from '../../../../../shared/sign-in';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, BLANK, FieldErrorList } from '../../../../lib/api-error';
import { siteOrigin } from '../../../../lib/site-origin';
import { accountExistsMail } from '../../../../mail/templates';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../../../lib/passwords';
import { errorResponses } from '../../../shared-schemas';
import {
  LoginAnswerSchema,
  LoginBody,
  RefreshBody,
  SecondStepBody,
  SecondStepTokensSchema,
  SignupBody,
  SignupResponseSchema,
} from '../../../../../shared/contract/auth';
import { REMEMBER_DEVICE_DAYS, SECOND_STEP_SECONDS } from '../../../../../shared/sign-in';
import { newRefreshToken, sha256Hex } from '../../../../lib/tokens';
import { checkSecondFactor, fieldError, startSession } from './second-factor';
import { localeChosenOnDevice, localeOfRequest } from '../../../../lib/i18n';
import { english, localeOf } from '../../../../lib/localize';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BAD_CREDENTIALS = english('errors.auth.badCredentials');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** Someone signed up with a registered email: tell its owner (at most a few times per window). */
  async function tellOwner(email: string, request: FastifyRequest): Promise<void> {
    const owner = await app.repos.users.findByEmail(email);
    if (!owner) return;
    const { retryAfter } = await app.repos.loginAttempts.reserve([{ scope: `signup-mail:${email}`, max: 3 }]);
    if (retryAfter > 0) return;
    const who = { to: owner.email, name: owner.firstName, locale: localeOf(owner.locale, localeOfRequest(request.headers)) };
    await app.repos.mail.queue(accountExistsMail(who, `${siteOrigin(app, request)}/forgot-password`));
  }

  app.post(
    '/signup/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        description: 'A registered email gets the same answer (with an id that is not an account) and its owner is emailed.',
        body: SignupBody,
        response: { 201: SignupResponseSchema, ...errorResponses(400, 409, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const errors = new FieldErrorList();
      const firstName = body.first_name.trim();
      const lastName = body.last_name.trim();
      const email = body.email.trim().toLowerCase();
      if (!firstName) errors.add('first_name', BLANK);
      if (!lastName) errors.add('last_name', BLANK);
      if (!email) errors.add('email', BLANK);
      else if (!EMAIL.test(email)) errors.add('email', english('errors.field.email'));
      if (!body.password) errors.add('password', BLANK);
      else for (const problem of passwordProblems(body.password)) errors.add('password', problem);
      if (!body.password2) errors.add('password2', BLANK);
      else if (body.password !== body.password2) errors.add('password2', english('errors.auth.passwordsDiffer'));
      errors.throwIfAny();

      // A taken email gets the same answer, after the same password hashing, as a new account: the
      // form does not tell strangers who is registered. The owner is emailed instead.
      const passwordHash = await hashPassword(body.password);
      const user = (await app.repos.users.findByEmail(email))
        ? null
        : await app.repos.users.create({
            email,
            firstName,
            lastName,
            passwordHash,
            locale: body.locale ?? localeChosenOnDevice(request.headers),
          });
      if (!user) {
        await tellOwner(email, request);
        return reply.code(201).send({ id: randomUUID(), email, first_name: firstName, last_name: lastName });
      }
      return reply.code(201).send({ id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName });
    },
  );

  app.post(
    '/login/',
    {
      // Replaying would mean keeping live tokens in the idempotency table; a repeated login is harmless anyway.
      config: { idempotent: false },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          'Answers `access` and `refresh`, unless the account has two-step sign-in and `device_token` is not one of its ' +
          'remembered devices: then no tokens, but `two_step_required: true` and a `challenge` for ' +
          'POST /api/user/auth/login/second-step/. An admin without two-step sign-in gets `two_step_setup_required: true`.',
        body: LoginBody,
        response: { 200: LoginAnswerSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const { perEmail, perIp } = app.config.loginLimits;
      // The slot is taken before the password is checked (one atomic step in the database), so
      // concurrent guesses, on any number of processes, never check more than the limit.
      const reservation = await app.repos.loginAttempts.reserve([
        { scope: `email:${email}`, max: perEmail },
        { scope: `ip:${request.ip}`, max: perIp },
      ]);
      const wait = reservation.retryAfter;
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw new ApiError(
          429,
          'rate_limited',
          minutes === 1 ? english('errors.rateLimit.signInOneMinute') : english('errors.rateLimit.signInMinutes', { minutes }),
          undefined,
          { 'retry-after': String(wait) },
        );
      }
      const user = await app.repos.users.findByEmail(email);
      // Unknown emails still pay for one argon2 check so response time doesn't reveal which accounts exist.
      const ok =
        user && user.isActive
          ? await verifyPassword(user.passwordHash, request.body.password)
          : await verifyAgainstDummy(request.body.password);
      // A failure keeps its reserved slot: that is the count.
      if (!user || !ok) throw new ApiError(401, 'invalid_credentials', BAD_CREDENTIALS);
      // Signed in: this email's failures are forgotten and the IP gets its slot back.
      await app.repos.loginAttempts.clear(`email:${email}`);
      await app.repos.loginAttempts.release([`ip:${request.ip}`]);
      const twoStep = await app.repos.twoStep.find(user.id);
      if (twoStep?.enabledAt) {
        const device = request.body.device_token ? sha256Hex(request.body.device_token) : null;
        if (!device || !(await app.repos.twoStep.isRememberedDevice(user.id, device))) {
          const challenge = newRefreshToken();
          await app.repos.twoStep.createChallenge(user.id, sha256Hex(challenge), SECOND_STEP_SECONDS);
          return {
            two_step_required: true as const,
            challenge,
            expires_in: SECOND_STEP_SECONDS,
            methods: ['totp' as const, 'recovery_code' as const],
          };
        }
        const session = await startSession(app, request, user);
        await app.repos.twoStep.useRememberedDevice(user.id, device, session.sessionId);
        return { access: session.access, refresh: session.refresh };
      }
      const session = await startSession(app, request, user);
      return {
        access: session.access,
        refresh: session.refresh,
        ...(user.role === 'admin' ? { two_step_setup_required: true } : {}),
      };
    },
  );

  app.post(
    '/login/second-step/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in with a code from the authenticator app, or a recovery code',
        description:
          'The `challenge` from the login answer (5 minutes, once) with `code` (6 digits) or `recovery_code`. Wrong codes are ' +
          'limited per account and per IP (TWO_STEP_MAX_FAILURES_…, 429 with Retry-After). `remember_device` answers a ' +
          '`device_token` that skips this step on this device for 30 days.',
        body: SecondStepBody,
        response: { 200: SecondStepTokensSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request) => {
      const expired = () => fieldError('challenge', english('errors.auth.signInExpired'));
      const challengeHash = sha256Hex(request.body.challenge);
      const userId = await app.repos.twoStep.challengeUser(challengeHash);
      if (!userId) throw expired();
      await checkSecondFactor(app, request, userId, request.body);
      if (!(await app.repos.twoStep.consumeChallenge(challengeHash))) throw expired();
      const user = await app.repos.users.findById(userId);
      if (!user || !user.isActive) throw new ApiError(401, 'invalid_credentials', BAD_CREDENTIALS);
      const session = await startSession(app, request, user);
      if (!request.body.remember_device) return { access: session.access, refresh: session.refresh };
      const deviceToken = newRefreshToken();
      await app.repos.twoStep.rememberDevice(user.id, sha256Hex(deviceToken), session.sessionId, REMEMBER_DEVICE_DAYS);
      return { access: session.access, refresh: session.refresh, device_token: deviceToken };
    },
  );

  app.post(
    '/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the refresh token and every token rotated from the same login',
        description: 'Always 204, also for an unknown or already revoked token, so a retried logout never fails.',
        body: RefreshBody,
        response: { 204: Type.Null(), ...errorResponses(400, 409, 422) },
      },
    },
    async (request, reply) => {
      const sessionId = await app.repos.refreshTokens.revokeFamily(request.body.refresh);
      // The session ends too, so its access token stops working now rather than in 15 minutes.
      if (sessionId) await app.repos.sessions.end(sessionId);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
