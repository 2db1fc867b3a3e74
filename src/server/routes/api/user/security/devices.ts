/**
 * Signed-in devices (/api/user/security/devices/): the list (browser and system from the user
 * agent, the address as the place, last use), signing one out, signing all others out; and the
 * password change, which signs all others out too.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DetailAnswerSchema } from '../../../../../shared/contract/auth';
import { DeviceListSchema, DeviceParams, PasswordChangeBody } from '../../../../../shared/contract/security';
import { passwordProblems } from '../../../../../shared/sign-in';
import { ApiError, BLANK, FieldErrorList } from '../../../../lib/api-error';
import { hashPassword } from '../../../../lib/passwords';
import { passwordIsRight } from '../../../../lib/password-attempt';
import { deviceLabel } from '../../../../lib/user-agent';
import { isUuid } from '../../../../repositories/search';
import { audit } from '../../../audit-entry';
import { errorResponses } from '../../../shared-schemas';
import { english, localizeText } from '../../../../lib/localize';
import { localeOfRequest } from '../../../../lib/i18n';

const security = [{ bearer: [] }];

export function placeOf(ip: string): string {
  return ip ? `from IP ${ip}` : 'from an unknown address';
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/devices/',
    {
      schema: {
        tags: ['security'],
        security,
        summary: 'Devices signed in to this account, most recently used first',
        response: { 200: DeviceListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = request.user!;
      const rows = await app.repos.sessions.list(user.id);
      return {
        results: rows.map((s) => ({
          id: s.id,
          device: deviceLabel(s.userAgent),
          place: placeOf(s.ip),
          signed_in_at: s.createdAt.toISOString(),
          last_used_at: s.lastUsedAt.toISOString(),
          current: s.id === user.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/devices/:id/',
    {
      schema: {
        tags: ['security'],
        security,
        summary: 'Sign one device out (its tokens stop working at once; a remembered device is forgotten)',
        params: DeviceParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await app.repos.sessions.revoke(request.user!.id, id))) {
        throw new ApiError(404, 'not_found', english('errors.notFound.device'));
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/devices/sign-out-others/',
    {
      schema: {
        tags: ['security'],
        security,
        summary: 'Sign every other device out; this one stays signed in',
        response: { 204: Type.Null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await app.repos.sessions.revokeAllOf(request.user!.id, request.user!.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/password/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['security'],
        security,
        summary: 'Change the password (the current one is checked); every other device is signed out',
        body: PasswordChangeBody,
        response: { 200: DetailAnswerSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const user = request.user!;
      const { current_password: current, password, password2 } = request.body;
      const errors = new FieldErrorList();
      if (!current) errors.add('current_password', BLANK);
      if (!password) errors.add('password', BLANK);
      else for (const problem of passwordProblems(password)) errors.add('password', problem);
      if (password !== password2) errors.add('password2', english('errors.auth.passwordsDiffer'));
      errors.throwIfAny();
      if (!(await passwordIsRight(app, request, current))) {
        const message = english('errors.password.notCurrent');
        throw new ApiError(400, 'validation_error', message, { current_password: [message] });
      }
      await app.repos.loginAttempts.release([`email:${user.email}`, `ip:${request.ip}`]);
      const hash = await hashPassword(password);
      await app.repos.transaction(async (repos) => {
        await repos.users.setPassword(user.id, hash);
        await repos.sessions.revokeAllOf(user.id, user.sessionId);
        await repos.sessions.markVerified(user.sessionId);
        await audit(repos, request, { action: 'password.change', subjectUserId: user.id });
      });
      return { detail: localizeText(english('server.security.passwordChanged'), localeOfRequest(request.headers)) };
    },
  );
};

export default routes;
