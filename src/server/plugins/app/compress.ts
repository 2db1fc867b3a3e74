/**
 * Compresses the API's JSON and the painted HTML pages (brotli, else gzip) when the client accepts it and the body
 * is worth it (1 KB or more): a cause list page is 13 KB as JSON and about 3 KB compressed, on links bought by the
 * megabyte. Built files already go precompressed (@fastify/static preCompressed) and pages shared by a language's
 * readers are compressed once (html-pages.ts); both arrive here with content-encoding set and are left alone.
 *
 * Brotli at quality 5: these bodies are made per request, and 11 (the build's) costs ten times the CPU for a few
 * per cent. A body with an ETag (public-cache.ts) is compressed once per encoding and kept while it is asked for.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/json|text\/html|application\/problem\+json)/;
const KEPT = 256;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: brotli when accepted, else gzip, else none (q=0 refuses). */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply, name: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  if (current.split(',').some((part) => part.trim().toLowerCase() === name.toLowerCase() || part.trim() === '*')) return;
  reply.header('vary', current ? `${current}, ${name}` : name);
}

export default fp(
  async (app) => {
    const kept = new Map<string, Buffer>();

    async function compress(body: Buffer, encoding: Encoding, etag: string | null): Promise<Buffer> {
      const key = etag ? `${encoding} ${etag}` : null;
      const found = key ? kept.get(key) : undefined;
      if (found) return found;
      const out =
        encoding === 'br' ? await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : await gzipAsync(body, { level: 6 });
      if (key) {
        if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, out);
      }
      return out;
    }

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (request.method === 'HEAD' || reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return payload;
      if (reply.getHeader('content-encoding') || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < MIN_BYTES) return payload;
      // Whether or not this client gets it compressed, a cache must not give this answer to one that differs.
      addVary(reply, 'Accept-Encoding');
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const etag = reply.getHeader('etag');
      const out = await compress(body, encoding, typeof etag === 'string' ? etag : null);
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return out;
    });
  },
  // After public-cache: its ETag is of the uncompressed JSON (the same for every encoding) and names the kept copy.
  { name: 'compress', dependencies: ['public-cache'] },
);
