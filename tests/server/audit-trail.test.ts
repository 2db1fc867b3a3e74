/**
 * The audit trail (issue #33): admin and money actions recorded with who, when, IP, device, before
 * and after; read by admins with filters (hostile values are 4xx) and as CSV; the database refuses
 * updates, deletes and truncation; the hash chain shows an edited row and a deleted one, to the
 * API check and to `npm run audit:check`'s script.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp, useTwoApps } from './helpers/app';
import { ADMIN, adminSession, createCause } from './helpers/causes';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

async function audit(app: FastifyInstance, access: string, query = '') {
  return app.inject({ url: `/api/admin/audit/${query}`, headers: bearer(access) });
}

/** Runs SQL the triggers would refuse, as a database owner could: the triggers off for that statement only. */
async function tamper(app: FastifyInstance, statement: ReturnType<typeof sql>): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
  });
}

describe.each(backends)('audit trail on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

  it('records admin actions with who, where from and the values before and after; admins filter it', async () => {
    const { app } = ctx;
    const admin = await adminSession(app);
    const organizer = await newSession(app);
    const causes = [await createCause(app, organizer.access), await createCause(app, organizer.access)];
    const decide = (id: string, action: string, payload: object = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/causes/${id}/${action}/`,
        headers: { ...bearer(admin.access), 'user-agent': ANDROID_CHROME },
        payload,
        remoteAddress: '102.176.65.9',
      });
    expect((await decide(causes[0].id, 'approve')).statusCode).toBe(200);
    expect((await decide(causes[1].id, 'reject', { reason: '=HYPERLINK("http://x","click")' })).statusCode).toBe(200);

    const all = (await audit(app, admin.access, `?cause=${causes[0].id}`)).json();
    expect(all.count).toBe(1);
    expect(all.results[0]).toMatchObject({
      action: 'cause.approve',
      actor: { id: admin.id, email: ADMIN.email },
      subject: { id: organizer.id, email: organizer.email },
      cause_id: causes[0].id,
      ip: '102.176.65.9',
      device: 'Chrome on Android',
      user_agent: ANDROID_CHROME,
      before: { status: 'under_review' },
      after: { status: 'active' },
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // By person (id or email), action and group.
    const byEmail = (await audit(app, admin.access, `?person=${encodeURIComponent(organizer.email)}&action=cause.reject`)).json();
    expect(byEmail.results.map((e: { cause_id: string }) => e.cause_id)).toEqual([causes[1].id]);
    expect((await audit(app, admin.access, `?person=${organizer.id}&group=causes`)).json().count).toBe(2);
    expect((await audit(app, admin.access, `?person=${organizer.id}&group=money`)).json().count).toBe(0);
    expect((await audit(app, admin.access, '?person=nobody%40example.com')).json().count).toBe(0);

    // Hostile filter values: 400 naming the field, never a 500.
    for (const [query, field] of [
      ["?person=' OR 1=1 --", 'person'],
      ['?person=%00', 'person'],
      ['?cause=1;DROP TABLE audit_log', 'cause'],
      ['?cause=../../etc', 'cause'],
      ['?action=cause.delete', 'action'],
      ['?group=everything', 'group'],
      ['?page=0', 'page'],
      ['?page_size=10000', 'page_size'],
      [`?person=${'a'.repeat(300)}`, 'person'],
    ]) {
      const res = await audit(app, admin.access, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
    expect((await audit(app, organizer.access)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/audit/' })).statusCode).toBe(401);

    // CSV: the same rows, formulas defused.
    const csv = await app.inject({ url: `/api/admin/audit/export.csv?person=${organizer.id}`, headers: bearer(admin.access) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="boafo-audit.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^seq,at,actor_email,actor_name,action,/);
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain('HYPERLINK');
    // No cell starts a formula: the reason sits inside the quoted JSON of `after`.
    expect(csv.body).not.toMatch(/(^|,)[=+@]/m);
    expect((await app.inject({ url: '/api/admin/audit/export.csv?cause=x', headers: bearer(admin.access) })).statusCode).toBe(400);
  });

  it('refuses updates, deletes and truncation, and its check finds an edited row and a deleted one', async () => {
    const { app } = ctx;
    const admin = await adminSession(app);
    const organizer = await newSession(app);
    for (let i = 0; i < 4; i += 1) {
      const cause = await createCause(app, organizer.access);
      await app.inject({ method: 'POST', url: `/api/admin/causes/${cause.id}/approve/`, headers: bearer(admin.access) });
    }
    const check = async () => (await app.inject({ url: '/api/admin/audit/check/', headers: bearer(admin.access) })).json();
    const before = await check();
    expect(before).toMatchObject({ ok: true, problems: [] });
    expect(before.rows).toBeGreaterThanOrEqual(4);

    for (const statement of [sql`UPDATE audit_log SET ip = '6.6.6.6'`, sql`DELETE FROM audit_log`, sql`TRUNCATE audit_log`]) {
      await expect(app.db.execute(statement)).rejects.toThrow();
    }
    expect((await check()).rows).toBe(before.rows);

    await tamper(app, sql`UPDATE audit_log SET after = '{"status":"rejected"}' WHERE seq = 2`);
    const edited = await check();
    expect(edited.ok).toBe(false);
    expect(edited.problems).toEqual([{ seq: 2, problem: expect.stringMatching(/changed after it was written/) }]);

    await tamper(app, sql`DELETE FROM audit_log WHERE seq = 3`);
    const deleted = await check();
    expect(deleted.problems).toEqual(
      expect.arrayContaining([
        { seq: 3, problem: expect.stringMatching(/missing/) },
        { seq: 4, problem: expect.stringMatching(/does not follow/) },
      ]),
    );
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('audit trail written by two processes at once', () => {
  const apps = useTwoApps(postgres!, { admin: ADMIN });

  it('keeps one gapless chain under simultaneous writes, and npm run audit:check says whether it is whole', async () => {
    const entries = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? apps.a : apps.b).repos.auditLog.record({
        actorId: null,
        action: 'newsletter.send',
        ip: '127.0.0.1',
        userAgent: 'test',
        after: { n: i },
      }),
    );
    await Promise.all(entries);
    const result = await apps.a.repos.auditLog.verify();
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(40);

    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/check-audit-trail.ts'], {
        env: { ...process.env, DATABASE_URL: apps.a.config.databaseUrl!, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const whole = run();
    expect(whole.status, whole.stderr).toBe(0);
    expect(whole.stdout).toMatch(/Audit trail intact: 40 rows/);
    await tamper(apps.b, sql`DELETE FROM audit_log WHERE seq = 17`);
    const broken = run();
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/row 17: rows 17–17 are missing/);
  });
});
