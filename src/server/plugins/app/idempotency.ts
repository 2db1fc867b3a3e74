/**
 * Idempotency-Key support for every mutating /api call: on a flaky mobile
 * connection the PWA retries with the same key and gets the first answer
 * back instead of, say, a second donation. Records live in the database.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/api-error';
import { sha256Hex } from '../../lib/tokens';
import { english } from '../../lib/localize';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ANONYMOUS = 'anonymous';

/** JSON with sorted keys and binary replaced by its hash: equal bodies, equal fingerprints. */
function stableStringify(value: unknown): string {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return JSON.stringify({ $sha256: sha256Hex(value) });
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export default fp(
  async (app) => {
    app.decorateRequest('idempotencyRef', null);
    const repo = () => app.repos.idempotencyKeys;

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key === '') return;
      // Checked on every mutation, also where it is not stored: a bad header is the client's bug either way.
      if (key.length > 255) throw new ApiError(400, 'validation_error', english('errors.idempotency.tooLong'));
      // Keys are stored as text: visible ASCII only (UUIDs and the like), never control characters.
      if (!/^[\x20-\x7e]+$/.test(key)) throw new ApiError(400, 'validation_error', english('errors.idempotency.notAscii'));
      if (request.routeOptions.config?.idempotent === false) return;
      const user = await app.optionalUser(request);
      const ref = { scope: user ? `user:${user.id}` : ANONYMOUS, key };
      const fingerprint = sha256Hex(stableStringify(request.body));
      // Signed in, the same key sent earlier as a guest is the same change (queued on this device
      // before the sign-in, resent after it): it answers as the first attempt did, applied once.
      // Keys are random UUIDs, and anyone without a token already shares the anonymous scope.
      const result = await repo().begin(ref, request.method, request.url, fingerprint, user ? ANONYMOUS : undefined);
      if (result.kind === 'new') {
        request.idempotencyRef = ref;
        return;
      }
      if (result.kind === 'mismatch') {
        throw new ApiError(422, 'idempotency_conflict', english('errors.idempotency.reused'));
      }
      if (result.kind === 'in_flight') {
        throw new ApiError(409, 'conflict', english('errors.idempotency.inFlight'));
      }
      reply.code(result.status).header('idempotent-replayed', 'true');
      // The route may first do what signing in changed (merge the guest's cart) and answer afresh.
      const fresh = result.fromAlsoScope ? await request.routeOptions.config?.afterGuestReplay?.(request, result) : undefined;
      if (fresh !== undefined) return reply.send(fresh);
      if (result.contentType) reply.header('content-type', result.contentType);
      return reply.send(result.body);
    });

    /** Keeps the answer for replay (or frees the key when there is nothing worth replaying). */
    async function keepAnswer(ref: NonNullable<FastifyRequest['idempotencyRef']>, reply: FastifyReply, payload: unknown): Promise<void> {
      const status = reply.statusCode;
      const storable = typeof payload === 'string' || payload === null || payload === undefined || Buffer.isBuffer(payload);
      const answerWorthKeeping = (status >= 200 && status < 300) || (status >= 400 && status < 500);
      if (!answerWorthKeeping || !storable) {
        // Nothing useful to replay: let the client try again with the same key.
        await repo().abandon(ref);
        return;
      }
      const body = payload === null || payload === undefined ? '' : payload.toString();
      const contentType = reply.getHeader('content-type');
      await repo().complete(ref, status, typeof contentType === 'string' ? contentType : null, body);
    }

    // Callback hooks: every request passes them, and almost none carries a key.
    app.addHook('onSend', (request, reply, payload, done) => {
      const ref = request.idempotencyRef;
      if (!ref) return done(null, payload);
      request.idempotencyRef = null;
      keepAnswer(ref, reply, payload).then(() => done(null, payload), done);
    });

    // A request that never produced a reply (e.g. the client went away) must not leave its key busy.
    app.addHook('onResponse', (request, _reply, done) => {
      if (!request.idempotencyRef) return done();
      repo()
        .abandon(request.idempotencyRef)
        .then(() => done(), done);
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
