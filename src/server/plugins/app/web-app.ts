/**
 * Serves the built PWA from WEB_DIST_DIR and answers unknown non-API GETs
 * with index.html so client-side routes survive a reload. Also owns the
 * 404 handler: JSON for /api and /media, the app shell for everything else.
 * Pages (`/` included) are in the reader's language (pages/landing-shell.ts, html-pages.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '../../../shared/contract/common';
import { localeOfRequest } from '../../lib/i18n';
import { english, localizeErrorBody } from '../../lib/localize';
import { createFirstLoadPages, type FirstLoadPage } from '../../pages/first-load';
import { createShellPages, type ShellPage } from '../../pages/landing-shell';
import { sendPaintedPage, sendSharedPage } from './html-pages';
import { DOCUMENT_ONLY_HEADERS } from '../external/helmet';
import { loadRouteStyles } from '../../pages/route-styles';

const NOT_SPA = /^\/(api|ws|media|sandbox|assets|metrics)(\/|$|\?)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const BUILD_MISSING = `Boafo's API is running, but the web app has not been built yet.

Run:  npm run build
then restart the server and reload this page.

API health: /api/health/   API docs: /api/docs
`;

function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (file.split(path.sep).includes('assets')) return IMMUTABLE;
  // These must be re-checked on every load or clients get stuck on an old version.
  if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest') || name.startsWith('workbox-')) return 'no-cache';
  return 'public, max-age=3600';
}

export default fp(
  async (app) => {
    const root = app.config.webDistDir;
    const built = existsSync(path.join(root, 'index.html'));
    let firstLoadPage: FirstLoadPage | null = null;
    let shellPage: ShellPage | null = null;
    if (built) {
      shellPage = createShellPages(readFileSync(path.join(root, 'index.html'), 'utf8'));
      firstLoadPage = createFirstLoadPages(app, shellPage, loadRouteStyles(root));
      await app.register(fastifyStatic, {
        root,
        cacheControl: false,
        // The build writes .br/.gz twins (vite.config.ts precompress); send them when accepted.
        preCompressed: true,
        // Hashed files are named by their content: an ETag is enough to revalidate the few that are not. No ranges:
        // scripts, styles and icons are read whole (pictures are /media's).
        lastModified: false,
        acceptRanges: false,
        setHeaders: (reply: FastifyReply, file: string) => {
          const cacheControl = cacheControlFor(file);
          reply.header('cache-control', cacheControl);
          // Never revalidated (immutable): an ETag is bytes on each of the hundred files a first visit fetches.
          if (cacheControl === IMMUTABLE) reply.removeHeader('etag');
          // Documents (index.html) and the worker's script keep the full set; see DOCUMENT_ONLY_HEADERS.
          if (!/\.html$/.test(file) && path.basename(file) !== 'sw.js') for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        },
      });
    } else {
      app.log.warn(`No web app in ${root}: run \`npm run build\` to serve it.`);
      app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(BUILD_MISSING));
    }

    /** An app page in the reader's language: painted with its first screen when it has one, else index.html. */
    async function appPage(request: FastifyRequest, reply: FastifyReply, shells: ShellPage) {
      const locale = localeOfRequest(request.headers);
      const rendered = await firstLoadPage?.(request, locale);
      if (rendered) return sendPaintedPage(reply, rendered);
      return sendSharedPage(request, reply, shells(locale, request.url.split('?', 1)[0] ?? '/'));
    }

    // `/` is the landing page in the reader's language, not index.html as built (that stays at /index.html).
    if (shellPage) {
      const shells = shellPage;
      app.get('/', { schema: { hide: true } }, (request, reply) => appPage(request, reply, shells));
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(request.url);
      if (!isPage) {
        const body: ApiErrorBody = { detail: english('errors.status.notFound'), code: 'not_found' };
        return reply.code(404).send(localizeErrorBody(body, localeOfRequest(request.headers)));
      }
      if (!shellPage) return reply.code(404).type('text/plain; charset=utf-8').send(BUILD_MISSING);
      return appPage(request, reply, shellPage);
    });
  },
  { name: 'web-app' },
);
