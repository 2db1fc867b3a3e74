/**
 * Writes one audit row for an action a request did: who (the signed-in user unless told), from
 * which address and browser. Takes the repositories to write with, so an action that runs in a
 * transaction records itself in the same one (both commit or neither).
 */
import type { FastifyRequest } from 'fastify';
import type { AuditEntryInput } from '../repositories/audit-log';
import type { Repos } from '../repositories/repos';
import { clientOf } from './api/user/auth/second-factor';

export type AuditEvent = Omit<AuditEntryInput, 'ip' | 'userAgent' | 'actorId'> & { actorId?: string | null };

export async function audit(repos: Pick<Repos, 'auditLog'>, request: FastifyRequest, event: AuditEvent): Promise<void> {
  const { ip, userAgent } = clientOf(request);
  await repos.auditLog.record({
    ...event,
    actorId: event.actorId === undefined ? (request.user?.id ?? null) : event.actorId,
    ip,
    userAgent,
  });
}
