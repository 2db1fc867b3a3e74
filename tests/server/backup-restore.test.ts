/**
 * `npm run backup` and `npm run restore` on the embedded database, as an operator runs them: money moved
 * (gifts, refunds, withdrawals), a backup asked of the running server while donations keep settling,
 * the data folder wiped, the backup restored into it and a server started on it. Every cause's money,
 * ledger and receipts read as before, and what the load was doing is in the copy whole or not at all.
 * The tools run as compiled JavaScript (src/server/cli/run.mjs, the npm scripts), in processes of their own.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/client';
import { bearer, tempDir, testConfig } from './helpers/app';
import { ADMIN, adminSession } from './helpers/causes';
import { donate, one, sandboxDecide, scene, verify } from './helpers/giving';
import { adminAction, balance, requestWithdrawal, useDetails } from './helpers/payouts';
import { pdfText } from './helpers/pdf-text';
import { adminRefund, expectCountersEqualRecount, organizerRefund } from './helpers/refunds';

const root = path.join(import.meta.dirname, '..', '..');

/** Runs an npm script's command (`node src/server/cli/run.mjs <tool> …`) on DATA_DIR, as `npm run <tool> -- …` does. */
function runTool(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'src/server/cli/run.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', MEDIA_STORE: '', INIT_CWD: root },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A settled sandbox gift paid by `channel` (card is held CARD_HOLD_HOURS, mobile money is not). */
async function give(
  app: FastifyInstance,
  causeId: string,
  amount: string,
  channel: 'card' | 'mobile_money',
  extra: Record<string, unknown> = {},
) {
  const start = await donate(app, causeId, amount, { payment_method: channel, ...extra });
  await sandboxDecide(app, start.reference, 'success', { method: channel });
  expect((await verify(app, start.reference)).statusCode).toBe(200);
  return one<{ id: string }>(app, sql`SELECT id FROM donations WHERE reference = ${start.reference}`);
}

async function ledger(app: FastifyInstance, causeId: string): Promise<unknown[]> {
  const first = (await app.inject({ url: `/api/causes/${causeId}/ledger/` })).json();
  const entries: unknown[] = [first.totals, ...first.entries];
  for (let page = 2; entries.length - 1 < first.count; page += 1) {
    entries.push(...(await app.inject({ url: `/api/causes/${causeId}/ledger/?page=${page}` })).json().entries);
  }
  return entries;
}

/** Everything about a cause's money a donor, organizer or auditor can read. */
async function figures(app: FastifyInstance, causeIds: string[]) {
  const admin = await adminSession(app);
  const causes = [];
  for (const causeId of causeIds) {
    const receipts = await queryRows<{ reference: string; status: string; amount: string; refunded: string }>(
      app.db,
      sql`SELECT p.reference, p.status, d.amount::text, d.refunded_amount::text AS refunded
          FROM donations d JOIN payments p ON p.reference = d.reference WHERE d.cause_id = ${causeId} ORDER BY p.reference`,
    );
    const pdfs = [];
    for (const { reference } of receipts) {
      const pdf = await app.inject({ url: `/api/payments/${reference}/receipt.pdf`, headers: bearer(admin.access) });
      expect(pdf.statusCode).toBe(200);
      pdfs.push(pdfText(pdf.rawPayload));
    }
    const withdrawals = (await app.inject({ url: '/api/withdrawals/', headers: bearer(admin.access) })).json().results as Array<{
      cause_id: string;
    }>;
    causes.push({
      balance: await balance(app, admin.access, causeId),
      details: (await app.inject({ url: `/api/causes/details/${causeId}/` })).json(),
      ledger: await ledger(app, causeId),
      receipts,
      pdfs,
      withdrawals: withdrawals.filter((w) => w.cause_id === causeId),
    });
  }
  return causes;
}

describe('backup and restore of the embedded database (PGlite in a folder)', () => {
  let folder: Awaited<ReturnType<typeof tempDir>>;
  let app: FastifyInstance | null = null;
  const config = () => testConfig(null, { pgliteDir: path.join(folder.dir, 'pglite'), admin: ADMIN, cardHoldHours: 24 });

  beforeAll(async () => {
    folder = await tempDir();
    app = await buildApp(config());
  });
  afterAll(async () => {
    await app?.close();
    await folder.remove();
  });

  it('a backup taken under load restores every cause, ledger and receipt as it was', async () => {
    const live = app!;
    // Money in, back out to donors, and out to organizers: card gifts still held, mobile money free at once.
    const first = await scene(live);
    const second = await scene(live);
    const gifts = [
      await give(live, first.causeId, '120.00', 'mobile_money'),
      await give(live, first.causeId, '80.50', 'card'),
      await give(live, first.causeId, '45.00', 'mobile_money', { is_anonymous: true }),
      await give(live, second.causeId, '300.00', 'card'),
      await give(live, second.causeId, '19.99', 'mobile_money'),
    ];
    expect((await adminRefund(live, first.admin.access, gifts[2].id)).statusCode).toBe(200);
    expect((await organizerRefund(live, second.organizer.access, second.causeId, gifts[3].id, '50.00')).statusCode).toBe(200);
    await useDetails(live, first.organizer.access);
    const paid = await requestWithdrawal(live, first.organizer.access, first.causeId, '60.00');
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await adminAction(live, first.admin.access, paid.json().id, 'approve')).json().status).toBe('paid');
    expect((await requestWithdrawal(live, first.organizer.access, first.causeId, '10.00')).statusCode).toBe(201);
    const before = await figures(live, [first.causeId, second.causeId]);
    expect(before[0].balance).toMatchObject({ raised: '200.50', held: '80.50', withdrawn: '60.00', pending: '10.00', available: '50.00' });

    // Load: donations settling on a third cause, and reads, over HTTP while the backup is asked of the server.
    const busy = await scene(live);
    const base = await live.listen({ port: 0, host: '127.0.0.1' });
    let stop = false;
    let settled = 0;
    const load = Array.from({ length: 3 }, async () => {
      while (!stop) {
        const start = await fetch(`${base}/api/cart/donate/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            cause_id: busy.causeId,
            donation_amount: '2.00',
            email: 'load@example.com',
            payment_method: 'mobile_money',
          }),
        });
        const { reference } = (await start.json()) as { reference: string };
        await sandboxDecide(live, reference, 'success', { method: 'mobile_money' });
        expect((await fetch(`${base}/api/payments/verify/${reference}/`)).status).toBe(200);
        settled += 1;
        expect((await fetch(`${base}/api/causes/${busy.causeId}/ledger/`)).status).toBe(200);
      }
    });
    while (settled < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const file = path.join(folder.dir, 'boafo-backup.tar.gz');
    const backup = await runTool(folder.dir, 'backup', file);
    const settledBeforeEnd = settled;
    stop = true;
    await Promise.all(load);
    expect(backup.output).toContain('from the running server');
    expect(backup.code).toBe(0);

    // The folder is the running server's: restore refuses and changes nothing.
    const refused = await runTool(folder.dir, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('in use by a running Boafo server');
    expect((await live.inject({ url: `/api/causes/${first.causeId}/balance/`, headers: bearer(first.admin.access) })).statusCode).toBe(200);

    await live.close();
    app = null;
    await rm(path.join(folder.dir, 'pglite'), { recursive: true, force: true });
    const restored = await runTool(folder.dir, 'restore', file);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    expect((await readdir(folder.dir)).filter((name) => name.includes('before-restore'))).toEqual([]);

    app = await buildApp(config());
    expect(await figures(app, [first.causeId, second.causeId])).toEqual(before);
    // The load's gifts are in the copy whole or not at all: each settled payment with its credit, counters equal to a recount.
    await expectCountersEqualRecount(app);
    const [copied] = await queryRows<{ n: number; torn: number }>(
      app.db,
      sql`SELECT count(*) FILTER (WHERE d.status = 'completed')::int AS n,
                 count(*) FILTER (WHERE (p.status = 'success') <> (d.status = 'completed'))::int AS torn
          FROM donations d JOIN payments p ON p.reference = d.reference WHERE d.cause_id = ${busy.causeId}`,
    );
    expect(copied.torn).toBe(0);
    expect(copied.n).toBeGreaterThanOrEqual(3);
    expect(copied.n).toBeLessThanOrEqual(settledBeforeEnd + 3);
    expect(existsSync(path.join(folder.dir, 'pglite.backup.sock'))).toBe(true);
  }, 180_000);
});
