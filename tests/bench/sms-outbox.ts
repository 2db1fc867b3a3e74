// `npm run bench -- sms`: the outbox drained by this process's workers, in messages a second from the
// commit that queued a burst to the last row marked done. Texts through the SMS worker with the `log`
// provider (nothing leaves; each row claimed, checked against its number's consent and marked kept)
// beside mail through the mail worker to a local SMTP server (one SMTP conversation a message), in the
// same run, on PGlite and on PostgreSQL when it is reachable, with the ratio.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { queryRows } from '../../src/server/db/client';
import type { Repos } from '../../src/server/repositories/repos';
import { databaseUrl, onPostgres } from './postgres';

const MESSAGES = 1_000;
const NUMBERS = 100;

async function localSmtp(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A reverse DNS lookup per connection would time the resolver, not the worker.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function waiting(app: FastifyInstance, channel: 'mail' | 'sms'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    app.db,
    sql`SELECT count(*)::int AS n FROM mail_outbox WHERE channel = ${channel} AND status IN ('pending', 'sending')`,
  );
  return row.n;
}

/** Queues MESSAGES in one commit (which wakes the worker), then drains; messages a second. */
async function drain(app: FastifyInstance, channel: 'mail' | 'sms', queue: (repos: Repos, i: number) => Promise<unknown>): Promise<number> {
  await app.repos.transaction(async (tx) => {
    for (let i = 0; i < MESSAGES; i += 1) await queue(tx, i);
  });
  const start = performance.now();
  const flush = channel === 'sms' ? () => app.sms.flush() : () => app.mailer.flush();
  while ((await waiting(app, channel)) > 0) await flush();
  return MESSAGES / ((performance.now() - start) / 1000);
}

async function benchOne(label: string, databaseUrl: string | null): Promise<void> {
  const smtp = await localSmtp();
  const base = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent', SMS_INTERVAL_SECONDS: '0' });
  const app = await buildApp({
    ...base,
    databaseUrl,
    pgliteDir: 'memory://',
    mail: { smtpUrl: smtp.url, from: 'Boafo <bench@boafo.test>', intervalSeconds: 0 },
  });
  try {
    const phones = Array.from({ length: NUMBERS }, (_, i) => `02${4 + (i % 2)}${String(1_000_000 + i).padStart(7, '0')}`);
    for (const phone of phones) await app.repos.smsConsent.agree(phone, 'ussd');
    const texts = await drain(app, 'sms', async (repos, i) => {
      await repos.sms.queue(phones[i % NUMBERS], { kind: 'bench', text: `Boafo: thank you for GHS ${i}.00 to the bench. Ref bf-${i}` });
    });
    const mail = await drain(app, 'mail', async (repos, i) => {
      await repos.mail.queue({
        kind: 'bench',
        to: `donor${i}@example.com`,
        subject: `Receipt ${i}`,
        text: 'Thank you.',
        html: '<p>Thank you.</p>',
      });
    });
    const fmt = (n: number) => n.toFixed(0).padStart(6);
    console.log(
      `  ${label.padEnd(11)} texts (log provider) ${fmt(texts)} msg/s   mail (local SMTP) ${fmt(mail)} msg/s   texts/mail ${(texts / mail).toFixed(2)}×   (${smtp.received()} mails received)`,
    );
  } finally {
    await app.close();
    await smtp.close();
  }
}

export async function benchSmsOutbox(): Promise<void> {
  console.log(`Outbox throughput (${MESSAGES} messages queued in one commit, drained by this process's worker):`);
  await benchOne('PGlite', null);
  const name = `boafo_bench_sms_${Date.now()}`;
  if (await onPostgres(`CREATE DATABASE ${name}`)) {
    try {
      await benchOne('PostgreSQL', databaseUrl(name));
    } finally {
      await onPostgres(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  } else {
    console.log('  PostgreSQL not reachable: skipped');
  }
}
