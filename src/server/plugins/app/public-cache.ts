/**
 * Guests' public reads (the cause list and details, ledgers, statistics, landing content) answered
 * from memory, and an ETag on every JSON read so a phone that has the answer gets a 304 and no body.
 *
 * Correct across processes: a change to any table those reads show fires a statement trigger that
 * NOTIFYs 'boafo_public' on commit (migration 0008), and every process empties its copy when it
 * hears it. A write this process answers empties it before the answer leaves, so a client never
 * reads its own change stale. A read that began before a change is not kept, and nothing is kept
 * longer than PUBLIC_CACHE_SECONDS, in case a notification is lost while the listener reconnects.
 *
 * Copies are kept per site origin as well as URL: answers name it (the `image` fields, next and
 * previous links) and, without PUBLIC_URL, it is the address each request came to, so a copy made for
 * a LAN address must never answer a request that came through the public name (or a proxy's). The
 * ETag is the hash of those bytes, so it differs per origin too.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { siteOrigin } from '../../lib/site-origin';

const CACHEABLE = [
  /^\/api\/causes\/list\/(\?|$)/,
  /^\/api\/causes\/details\/[^/?]+\/$/,
  /^\/api\/causes\/[^/?]+\/ledger\/(\?|$)/,
  // Invalidated like the ledger: cause_updates and donations NOTIFY on change (migrations 0008, 0010).
  /^\/api\/causes\/[^/?]+\/(updates|messages)\/(\?|$)/,
  /^\/api\/categories\/$/,
  /^\/api\/statistics\/$/,
  /^\/api\/donations\/(statistics\/)?(\?|$)/,
  /^\/api\/contributors\/(\?|$)/,
  /^\/api\/(blog-posts|success-stories|testimonials)\//,
];
/** The payment status reads may settle a payment (verify with the provider): they count as writes. */
const WRITING_READS = /^\/api\/payments\//;
const MAX_ENTRIES = 1_000;
export const PUBLIC_CHANNEL = 'boafo_public';

interface Entry {
  payload: string;
  etag: string;
  contentType: string;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The cache generation when this read began; undefined when it is not a cacheable read. */
    publicCacheGeneration?: number;
    servedFromCache?: boolean;
  }
}

const etagOf = (payload: string) => `"${createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export default fp(
  async (app) => {
    const ttlMs = app.config.publicCacheSeconds * 1000;
    const entries = new Map<string, Entry>();
    let generation = 0;
    const clear = () => {
      generation += 1;
      entries.clear();
    };
    if (ttlMs > 0) await app.pubsub.subscribe(PUBLIC_CHANNEL, clear);

    const cacheable = (request: FastifyRequest) =>
      ttlMs > 0 && request.method === 'GET' && !request.headers.authorization && CACHEABLE.some((re) => re.test(request.url));

    /** What a copy is kept under: the origin its links were written for, and the URL. */
    const keyOf = (request: FastifyRequest) => `${siteOrigin(app, request)} ${request.url}`;

    // Callback hooks, not async ones: this runs on every request, and a cached answer should cost
    // little more than the bytes it sends.
    app.addHook('onRequest', (request, reply, done) => {
      if (!cacheable(request)) return done();
      const entry = entries.get(keyOf(request));
      if (entry && entry.expiresAt > Date.now()) {
        request.servedFromCache = true;
        reply.header('etag', entry.etag);
        if (matches(request, entry.etag)) reply.code(304).send();
        else reply.type(entry.contentType).send(entry.payload);
        return; // answered: the route does not run
      }
      request.publicCacheGeneration = generation;
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || WRITING_READS.test(request.url)) {
        clear();
        return done(null, payload);
      }
      if (request.servedFromCache || request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string')
        return done(null, payload);
      const contentType = String(reply.getHeader('content-type') ?? '');
      if (!contentType.startsWith('application/json')) return done(null, payload);
      const etag = etagOf(payload);
      reply.header('etag', etag);
      if (request.publicCacheGeneration === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(keyOf(request), { payload, etag, contentType, expiresAt: Date.now() + ttlMs });
      }
      if (matches(request, etag)) {
        reply.code(304);
        return done(null, '');
      }
      done(null, payload);
    });
  },
  { name: 'public-cache', dependencies: ['pubsub', 'cors'] },
);
