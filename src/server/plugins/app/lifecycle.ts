/**
 * Whether this process should get traffic (GET /api/health/ready) and the start of its drain.
 * SIGTERM (server.ts) calls drain(): from then on ready answers 503 so the load balancer sends new
 * requests elsewhere, and every answer carries `Connection: close`, so clients and proxies holding a
 * kept-alive connection to this process open their next one to another. Nothing else changes until
 * server.ts closes the app: requests keep being served in full.
 */
import fp from 'fastify-plugin';
import { journalTags } from '../../db/migrator';

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface Lifecycle {
  readonly draining: boolean;
  /** Ready turns 503 for good; answers close their connection. Idempotent. */
  drain(): void;
  /** Database reachable, every migration of this build applied, not draining. */
  readiness(): Promise<Readiness>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export default fp(
  async (app) => {
    const tags = await journalTags();
    let draining = false;

    const readiness = async (): Promise<Readiness> => {
      if (draining) return { ready: false, reason: 'This process is shutting down.' };
      let missing: string[];
      try {
        await app.repos.serviceStatus.ping();
        missing = await app.repos.serviceStatus.missingMigrations(tags);
      } catch (error) {
        app.log.warn({ err: error }, 'Readiness: the database does not answer');
        return { ready: false, reason: 'The database does not answer.' };
      }
      if (missing.length > 0) {
        app.log.warn({ missing }, 'Readiness: migrations not applied');
        return { ready: false, reason: 'The database schema is older than this server.' };
      }
      return { ready: true };
    };

    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
      readiness,
    } satisfies Lifecycle);

    app.addHook('onRequest', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'lifecycle', dependencies: ['repositories'] },
);
