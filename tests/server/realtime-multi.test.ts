/**
 * Several processes on one PostgreSQL: a notification created by one app instance reaches
 * sockets held by another (LISTEN/NOTIFY), Web Push goes out once, and a dropped LISTEN
 * connection comes back by itself.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/client';
import { notify } from '../../src/server/repositories/notifications';
import { backends } from './helpers/backends';
import { newSession, testConfig } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { startFakePush, subscribe, TEST_PUSH, type FakePush } from './helpers/fake-push';
import { donate, sandboxDecide, scene, verify } from './helpers/giving';
import { authedSocket, closeAll, socketUrl, waitFor, type TestSocket } from './helpers/realtime';

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('realtime across two app instances on one PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let fake: FakePush;
  let drop: () => Promise<void> = async () => {};
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    const db = await postgres!.createDatabase();
    drop = db.drop;
    fake = await startFakePush();
    // Started together: the generated VAPID pair must still be one pair.
    [a, b] = await Promise.all([0, 1].map(() => buildApp(testConfig(db.databaseUrl, { admin: ADMIN, push: TEST_PUSH }))));
  });
  afterAll(async () => {
    closeAll(...sockets);
    await Promise.all([a?.close(), b?.close()]);
    await fake?.close();
    await drop();
  });

  it('share one VAPID key pair', async () => {
    expect(a.push.keys).toEqual(b.push.keys);
    const rows = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM app_settings WHERE key = 'vapid_keys'`);
    expect(rows[0].n).toBe(1);
  });

  it('delivers to a socket held by the other instance and pushes once', async () => {
    const { organizer, causeId } = await scene(a);
    const donor = await newSession(a);
    const organizerOnB = await authedSocket(await socketUrl(b), organizer.access);
    const donorOnA = await authedSocket(await socketUrl(a), donor.access);
    sockets.push(organizerOnB, donorOnA);
    const push = await subscribe(b, fake, organizer.access);

    // The donation settles on A.
    const start = await donate(a, causeId, '15.00', {}, donor.access);
    await sandboxDecide(a, start.reference, 'success');
    expect((await verify(a, start.reference)).json().status).toBe('success');

    const message = await organizerOnB.next((m) => m.type === 'notification' && m.title === 'New donation');
    // The donor's signal follows the organizer's in the same commit: once A has handled it, A has
    // started the organizer's push; once B delivered to its socket, B has decided about pushing too.
    await donorOnA.next((m) => m.type === 'notification' && m.title === 'Donation confirmed');
    await Promise.all([a.realtime.idle(), b.realtime.idle()]);
    const pushes = fake.requests.filter((r) => r.path === push.path);
    expect(pushes).toHaveLength(1);
    expect(push.keys.decrypt(pushes[0].body)).toMatchObject({ id: (message as { id: string }).id, title: 'New donation' });
    expect(organizerOnB.notifications('New donation')).toHaveLength(1);
  });

  it('reconnects the LISTEN connection when PostgreSQL drops it', async () => {
    const user = await newSession(a);
    const socket = await authedSocket(await socketUrl(a), user.access);
    sockets.push(socket);
    const listener = `${a.pubsub.origin}-listen`;
    // Two steps: in one WHERE, PostgreSQL may call pg_terminate_backend before filtering by name.
    const killed = await queryRows<{ pid: number }>(b.db, sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${listener}`);
    expect(killed).toHaveLength(1);
    const done = await queryRows<{ ok: boolean }>(b.db, sql`SELECT pg_terminate_backend(${killed[0].pid}::int) AS ok`);
    expect(done[0].ok).toBe(true);

    // Notifications sent while A is reconnecting are lost for the socket (the list has them), so keep probing.
    let probes = 0;
    await waitFor(
      'a probe after the reconnect',
      async () => {
        probes += 1;
        if (probes % 8 === 1) await notify(b.db, user.id, { title: 'Probe', message: `probe ${probes}` });
        return socket.notifications('Probe').length > 0;
      },
      30_000,
    );
    const now = await queryRows<{ pid: number }>(b.db, sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${listener}`);
    expect(now).toHaveLength(1);
    expect(now[0].pid).not.toBe(killed[0].pid);
  });
});
