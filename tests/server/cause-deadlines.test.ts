/**
 * Cause end dates: create and edit check them (after today, at most a year ahead), list and details
 * answer them, and the sweeper closes a cause once its last day is over and tells its organizer and
 * every donor exactly once, also with two processes sweeping one PostgreSQL database at once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { CAUSE_ENDED_TITLE } from '../../src/server/jobs/cause-deadlines';
import { sweepOnce } from '../../src/server/jobs/sweeper';
import { causeDetailSnapshot, causeListSnapshot } from '../../src/server/pages/snapshots';
import { addDays, addOneYear, utcDay } from '../../src/shared/cause-deadline';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp, useTwoApps } from './helpers/app';
import { ADMIN, createCause, donate as insertDonation } from './helpers/causes';
import { notificationCount, notificationMessages, one, scene } from './helpers/giving';

const MANUAL = { ...loadConfig({}).sweeper, intervalSeconds: 0 };
const today = () => utcDay();

const create = (app: FastifyInstance, access: string, fields: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/causes/create/',
    headers: bearer(access),
    payload: { name: 'Clinic roof', description: 'Before the rains.', ...fields },
  });

async function status(app: FastifyInstance, causeId: string): Promise<string> {
  return (await one<{ status: string }>(app, sql`SELECT status FROM causes WHERE id = ${causeId}`)).status;
}

/** As if the cause's last day was yesterday. */
async function pastItsEnd(app: FastifyInstance, causeId: string, daysAgo = 1) {
  await app.db.execute(sql`UPDATE causes SET end_date = ${addDays(today(), -daysAgo)}::date WHERE id = ${causeId}`);
}

const mails = async (app: FastifyInstance, kind: string, to: string) =>
  (await one<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = ${kind} AND to_address = ${to}`)).n;

/** An ended cause with a registered donor (two gifts), a guest and an anonymous guest. */
async function endedScene(app: FastifyInstance) {
  const s = await scene(app, { target_amount: '500.00', end_date: addDays(today(), 10) });
  const donor = await newSession(app);
  await insertDonation(app.db, { causeId: s.causeId, amount: 2000, donorId: donor.id, email: donor.email });
  await insertDonation(app.db, { causeId: s.causeId, amount: 3000, donorId: donor.id, email: donor.email });
  await insertDonation(app.db, { causeId: s.causeId, amount: 1000, email: 'efua.guest@example.com' });
  await insertDonation(app.db, { causeId: s.causeId, amount: 500, email: 'quiet.guest@example.com', isAnonymous: true });
  await pastItsEnd(app, s.causeId);
  return { ...s, donor };
}

describe.each(backends)('cause end dates on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, sweeper: MANUAL });

  it('refuses an end date that is not a day after today and within a year, with a clear 400', async () => {
    const { app } = ctx;
    const organizer = await newSession(app);
    const cases: [unknown, RegExp][] = [
      [today(), /after today/],
      [addDays(today(), -3), /after today/],
      [addDays(addOneYear(today()), 1), /at most a year ahead/],
      ['2027-02-30', /real day/],
      ['next friday', /real day/],
      ['2026-1-5', /real day/],
    ];
    for (const [endDate, message] of cases) {
      const res = await create(app, organizer.access, { end_date: endDate });
      expect(res.statusCode, String(endDate)).toBe(400);
      expect(res.json().errors.end_date[0], String(endDate)).toMatch(message);
    }
    const longest = await create(app, organizer.access, { end_date: addOneYear(today()) });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().end_date).toBe(addOneYear(today()));
  });

  it('answers end_date in the details and the list, null when there is none; edit sets and clears it', async () => {
    const { app } = ctx;
    const organizer = await newSession(app);
    const end = addDays(today(), 30);
    const dated = await createCause(app, organizer.access, { end_date: end });
    const open = await createCause(app, organizer.access, {});
    expect(dated.end_date).toBe(end);
    expect(open.end_date).toBeNull();
    expect((await app.inject({ url: `/api/causes/details/${dated.id}/`, headers: bearer(organizer.access) })).json().end_date).toBe(end);
    const list = (
      await app.inject({ url: `/api/causes/list/?organizer_id=${organizer.id}`, headers: bearer(organizer.access) })
    ).json() as { results: { id: string; end_date: string | null }[] };
    expect(Object.fromEntries(list.results.map((c) => [c.id, c.end_date]))).toEqual({ [dated.id]: end, [open.id]: null });

    // The first paint draws the label where the app will (cause-card.tsx, cause-detail-page.tsx).
    expect(causeDetailSnapshot(dated).main).toMatch(/to go<\/p><p class="cause-deadline">30 days left<\/p>.*<\/aside>/);
    expect(causeListSnapshot({ count: 1, next: null, previous: null, results: [dated] }).main).toContain(
      '</div><p class="cause-deadline">30 days left</p></div></article>',
    );
    expect(causeDetailSnapshot(open).main).not.toContain('cause-deadline');

    const edit = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/causes/${open.id}/`, headers: bearer(organizer.access), payload });
    const later = addDays(today(), 60);
    expect((await edit({ end_date: later })).json().end_date).toBe(later);
    const refused = await edit({ end_date: addDays(today(), -1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error', errors: { end_date: [expect.stringMatching(/after today/)] } });
    // Leaving it out keeps it; null (JSON) or "" (a form) removes it.
    expect((await edit({ location: 'Tamale' })).json().end_date).toBe(later);
    expect((await edit({ end_date: null })).json().end_date).toBeNull();
    await edit({ end_date: later });
    expect((await edit({ end_date: '' })).json().end_date).toBeNull();
  });

  it('closes a cause after its last day and tells the organizer and every donor once', async () => {
    const { app } = ctx;
    const { causeId, organizer, donor } = await endedScene(app);
    const untouched = await scene(app); // no end date
    const running = await scene(app, { end_date: addDays(today(), 1) });
    const lastDay = await scene(app, { end_date: addDays(today(), 5) });
    await app.db.execute(sql`UPDATE causes SET end_date = ${today()}::date WHERE id = ${lastDay.causeId}`);

    expect((await sweepOnce(app)).causesEnded).toBe(1);
    expect(await status(app, causeId)).toBe('closed');
    for (const other of [untouched, running, lastDay]) expect(await status(app, other.causeId)).toBe('active');
    const details = (await app.inject({ url: `/api/causes/details/${causeId}/`, headers: bearer(organizer.access) })).json();
    expect(details).toMatchObject({ status: 'closed', accepts_donations: false, is_active: false });

    const sentence = 'Borehole'; // the cause's name starts every message
    const [message] = await notificationMessages(app, organizer.id, CAUSE_ENDED_TITLE);
    expect(message).toContain(sentence);
    expect(message).toMatch(/has ended: it raised GHS 65\.00 of GHS 500\.00\. Thank you\.$/);
    expect(await notificationMessages(app, donor.id, CAUSE_ENDED_TITLE)).toEqual([message]);
    expect(await mails(app, 'cause_ended_organizer', organizer.email)).toBe(1);
    for (const to of [donor.email, 'efua.guest@example.com', 'quiet.guest@example.com']) {
      expect(await mails(app, 'cause_ended_donor', to), to).toBe(1);
    }
    const mail = await one<{ text_body: string; subject: string }>(
      app,
      sql`SELECT text_body, subject FROM mail_outbox WHERE kind = 'cause_ended_donor' AND to_address = 'efua.guest@example.com'`,
    );
    expect(mail.subject).toMatch(/has ended$/);
    expect(mail.text_body).toContain('it raised GHS 65.00 of GHS 500.00. Thank you.');

    // Swept again: nothing more, nobody told twice.
    expect((await sweepOnce(app)).causesEnded).toBe(0);
    expect(await notificationCount(app, organizer.id, CAUSE_ENDED_TITLE)).toBe(1);
    expect(await notificationCount(app, donor.id, CAUSE_ENDED_TITLE)).toBe(1);
    expect(await mails(app, 'cause_ended_donor', donor.email)).toBe(1);
  });

  it('counts a cause that met its goal by its end date as completed', async () => {
    const { app } = ctx;
    const { causeId, organizer } = await scene(app, { target_amount: '10.00', end_date: addDays(today(), 3) });
    // Credited while the goal was higher; an admin lowered it since (creditCause did not flip it).
    await app.db.execute(sql`UPDATE causes SET current_amount = 2500 WHERE id = ${causeId}`);
    await pastItsEnd(app, causeId, 2);
    expect((await sweepOnce(app)).causesEnded).toBe(1);
    expect(await status(app, causeId)).toBe('completed');
    expect(await notificationMessages(app, organizer.id, CAUSE_ENDED_TITLE)).toEqual([
      expect.stringMatching(/raised GHS 25\.00 of GHS 10\.00/),
    ]);
  });

  it('leaves causes under review alone (they end only once active)', async () => {
    const { app } = ctx;
    const organizer = await newSession(app);
    const waiting = await createCause(app, organizer.access, { end_date: addDays(today(), 3) });
    await pastItsEnd(app, waiting.id);
    await sweepOnce(app);
    expect(await status(app, waiting.id)).toBe('under_review');
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('two processes ending causes on one PostgreSQL database', () => {
  const apps = useTwoApps(postgres!, { admin: ADMIN, sweeper: MANUAL });

  it('end each cause once and tell each person once', async () => {
    const { a, b } = apps;
    const scenes = [];
    for (let i = 0; i < 6; i += 1) scenes.push(await endedScene(a));
    const reports = await Promise.all([sweepOnce(a), sweepOnce(b), sweepOnce(a), sweepOnce(b)]);
    // Whatever a racing claim left is ended by the next sweeps; never one cause twice.
    for (let i = 0; i < 3; i += 1) reports.push(await sweepOnce(i % 2 ? a : b));
    expect(reports.reduce((n, r) => n + r.causesEnded, 0)).toBe(6);
    for (const s of scenes) {
      expect(await status(b, s.causeId)).toBe('closed');
      expect(await notificationCount(b, s.organizer.id, CAUSE_ENDED_TITLE)).toBe(1);
      expect(await notificationCount(b, s.donor.id, CAUSE_ENDED_TITLE)).toBe(1);
      expect(await mails(b, 'cause_ended_organizer', s.organizer.email)).toBe(1);
      expect(await mails(b, 'cause_ended_donor', s.donor.email)).toBe(1);
    }
    // Every guest gave to all six causes: one mail per cause.
    expect(await mails(b, 'cause_ended_donor', 'efua.guest@example.com')).toBe(6);
  });
});
