/**
 * The mail worker against a real SMTP server on a local port (the outside world): queued mail
 * arrives once, a refused message is retried later and kept with its error, and two processes on
 * one PostgreSQL deliver a burst of messages each exactly once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { sendDueMail } from '../../src/server/mail/worker';
import { backends } from './helpers/backends';
import { newSession, signup, uniqueEmail, useApp, useTwoApps } from './helpers/app';
import { one } from './helpers/giving';
import { useLocalSmtp } from './helpers/smtp';

const requestReset = (app: FastifyInstance, email: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/user/password-reset/', payload: { email }, remoteAddress });

/** Makes every waiting message due now (the backoff after a refusal is minutes long). */
const dueNow = (app: FastifyInstance) => app.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'`);

describe.each(backends)('mail delivery on $name', (backend) => {
  const smtp = useLocalSmtp();
  const ctx = useApp(backend, { mail: smtp.settings });

  it('sends a queued message once, with both versions, an absolute link and its own Message-ID', async () => {
    const user = await newSession(ctx.app);
    await requestReset(ctx.app, user.email);
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual([user.email]);
    expect(mail.header('subject')).toBe('Reset your Boafo password');
    expect(mail.header('from')).toBe('Boafo <no-reply@boafo.test>');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.decoded).toMatch(/http:\/\/localhost(:\d+)?\/reset-password\?token=[\w%-]+/);
    await ctx.app.mailer.flush(); // the server's 250 reaches the worker just after the message reaches us
    const row = await one<{ id: string; status: string; attempts: number }>(
      ctx.app,
      sql`SELECT id, status, attempts FROM mail_outbox WHERE to_address = ${user.email}`,
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(mail.header('message-id')).toBe(`<${row.id}@boafo.local>`);
    // Nothing is due any more: another run sends nothing.
    expect(await ctx.app.mailer.flush()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.filter((m) => m.to[0] === user.email)).toHaveLength(1);
  });

  it('a refused message waits, keeps the error, and is sent on a later attempt', async () => {
    const user = await newSession(ctx.app);
    const before = smtp.received.length;
    smtp.refuseNext(1);
    await requestReset(ctx.app, user.email);
    await ctx.app.mailer.flush();
    const waiting = await one<{ status: string; attempts: number; last_error: string; wait: number }>(
      ctx.app,
      sql`SELECT status, attempts, last_error, extract(epoch FROM next_attempt_at - now())::int AS wait
        FROM mail_outbox WHERE to_address = ${user.email}`,
    );
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toMatch(/451|busy/i);
    expect(waiting.wait).toBeGreaterThan(30);
    expect(smtp.received.length).toBe(before);
    await dueNow(ctx.app);
    // A run woken earlier may be the one that sends it: what counts is what arrived and what the row says.
    await ctx.app.mailer.flush();
    await smtp.waitFor(before + 1);
    await ctx.app.mailer.flush();
    expect(smtp.received.length).toBe(before + 1);
    const sent = await one<{ status: string; attempts: number }>(
      ctx.app,
      sql`SELECT status, attempts FROM mail_outbox WHERE to_address = ${user.email}`,
    );
    expect(sent).toEqual({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt and keeps the message as failed', async () => {
    const user = await newSession(ctx.app);
    smtp.refuseNext(100);
    await requestReset(ctx.app, user.email);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await dueNow(ctx.app);
      await ctx.app.mailer.flush();
    }
    smtp.refuseNext(0);
    const row = await one<{ status: string; attempts: number }>(
      ctx.app,
      sql`SELECT status, attempts FROM mail_outbox WHERE to_address = ${user.email}`,
    );
    expect(row).toEqual({ status: 'failed', attempts: 8 });
    await dueNow(ctx.app);
    expect(await ctx.app.mailer.flush()).toEqual({ sent: 0, failed: 0 });
  });

  it('a worker stopping for a shutdown sends the message it is on and hands the rest back, due at once and uncounted', async () => {
    const to = ['a', 'b', 'c'].map((name) => `stop.${name}.${backend.name}@example.com`);
    // Written without the NOTIFY that would wake this app's own worker: only the run below sends them.
    for (const address of to) {
      await ctx.app.db.execute(sql`INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body, status)
        VALUES ('test', ${address}, 'Stop test', 'Hi', '<p>Hi</p>', 'pending')`);
    }
    const due = await one<{ n: number }>(
      ctx.app,
      sql`SELECT count(*)::int AS n FROM mail_outbox
      WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()`,
    );
    expect(due.n).toBe(3);
    const before = smtp.received.length;
    const transport = nodemailer.createTransport(smtp.settings.smtpUrl!);
    // Asked once before claiming, then before each message: the shutdown comes while the first is sent.
    let asked = 0;
    const run = await sendDueMail(ctx.app, transport, smtp.settings.from, () => ++asked > 2);
    transport.close();
    expect(run).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.length - before).toBe(1);
    const rows = await queryRows<{ status: string; attempts: number; due: boolean }>(
      ctx.app.db,
      sql`SELECT status, attempts, next_attempt_at <= now() AS due FROM mail_outbox WHERE to_address IN (${sql.join(
        to.map((address) => sql`${address}`),
        sql`, `,
      )}) ORDER BY status`,
    );
    expect(rows).toEqual([
      { status: 'pending', attempts: 0, due: true },
      { status: 'pending', attempts: 0, due: true },
      { status: 'sent', attempts: 1, due: false },
    ]);
    // The next run (any process's) sends them.
    await ctx.app.mailer.flush();
    expect(smtp.received.length - before).toBe(3);
  });
});

const postgres = backends.filter((b) => b.name === 'postgres');
describe.skipIf(postgres.length === 0).each(postgres)('two processes on $name', (backend) => {
  const smtp = useLocalSmtp();
  const apps = useTwoApps(backend, { mail: smtp.settings });

  it('deliver 40 messages queued on both, each exactly once, however often both are woken (in a loop)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const before = smtp.received.length;
      const users = Array.from({ length: 40 }, () => uniqueEmail('burst'));
      for (const [i, email] of users.entries()) expect((await signup(i % 2 ? apps.a : apps.b, email)).statusCode).toBe(201);
      // From many addresses, as many phones would: one address may only ask for a few links.
      const asked = await Promise.all(users.map((email, i) => requestReset(i % 2 ? apps.b : apps.a, email, `10.0.${round}.${i}`)));
      expect(asked.map((a) => a.statusCode)).toEqual(users.map(() => 200));
      await Promise.all([apps.a.mailer.flush(), apps.b.mailer.flush(), apps.a.mailer.flush(), apps.b.mailer.flush()]);
      await smtp.waitFor(before + 40);
      await Promise.all([apps.a.mailer.flush(), apps.b.mailer.flush()]);
      const delivered = smtp.received.slice(before).map((m) => m.to[0]);
      expect(delivered.sort()).toEqual([...users].sort());
    }
  });
});
