/**
 * The app's HTML pages as the server sends them: in the reader's language (the `boafo_locale` cookie, else
 * Accept-Language), so every answer says it varies by those two headers and no cache between here and the
 * reader (a proxy, the browser's own) hands one language's page to another's reader. Pages that are the same
 * for everyone in a language (index.html in it) are compressed once and answered 304 when unchanged.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SAVE_DATA_VARY } from '../../lib/save-data';

export const HTML_VARY = ['Cookie', 'Accept-Language'];

/** Adds to the answer's Vary what the page depends on, keeping what another plugin put there. */
function vary(reply: FastifyReply, names: string[]): FastifyReply {
  const list = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const name of names) if (!list.some((known) => known.toLowerCase() === name.toLowerCase())) list.push(name);
  return reply.header('vary', list.join(', '));
}

interface Prepared {
  html: string;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const prepared = new Map<string, Prepared>();

function prepare(html: string): Prepared {
  let found = prepared.get(html);
  if (!found) {
    found = {
      html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
      etag: `"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`,
    };
    prepared.set(html, found);
  }
  return found;
}

function accepts(request: FastifyRequest, encoding: string): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && header.split(',').some((part) => part.trim().split(';')[0] === encoding);
}

/** Sends a page every reader of one language shares: compressed when accepted, 304 for the copy the browser has. */
export function sendSharedPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const page = prepare(html);
  vary(reply, [...HTML_VARY, 'Accept-Encoding'])
    .header('cache-control', 'no-cache')
    .header('etag', page.etag);
  reply.type('text/html; charset=utf-8');
  const seen = request.headers['if-none-match'];
  if (typeof seen === 'string' && seen.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag))
    return reply.code(304).send();
  if (accepts(request, 'br')) return reply.header('content-encoding', 'br').send(page.br);
  if (accepts(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/**
 * Sends a page painted for this request (a cause, the cause list): never stored, varies by language and by Save-Data
 * (its pictures are smaller or left out for a reader saving data: server/lib/save-data.ts).
 */
export function sendPaintedPage(reply: FastifyReply, html: string): FastifyReply {
  return vary(reply, [...HTML_VARY, SAVE_DATA_VARY])
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html);
}
