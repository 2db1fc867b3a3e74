/**
 * The counters the landing page, dashboards, cards and ledgers read (the trigger of migrations 0008
 * and 0019) always equal a full recount from the donations, whatever happens to them: random
 * completions, refunds, failures, anonymous gifts, guests whose email changes case, several causes
 * and days.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toDecimalString } from '../../src/shared/money';
import { queryRows, type Db } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { newSession, useApp } from './helpers/app';
import { ADMIN, activeCause, adminSession } from './helpers/causes';

/** A small deterministic generator, so a failure names the seed that reproduces it. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const KEY = 'coalesce(donor_id::text, lower(email))';

describe.each(backends)('donation counters on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.app.db as Db, query);
  const run = (query: ReturnType<typeof sql>) => (ctx.app.db as Db).execute(query);

  async function expectCountersEqualRecount(seed: number, step: number): Promise<void> {
    const label = `seed ${seed}, step ${step}`;
    const days = await rows(
      sql`SELECT day::text, amount::text, donations FROM donation_days WHERE donations <> 0 OR amount <> 0 ORDER BY day`,
    );
    const recountDays = await rows(
      sql.raw(`SELECT (completed_at AT TIME ZONE 'UTC')::date::text AS day, sum(amount)::text AS amount,
      count(*)::int AS donations FROM donations WHERE status = 'completed' GROUP BY 1 ORDER BY 1`),
    );
    expect(days, label).toEqual(recountDays);

    const causeCounts = await rows(
      sql.raw(`SELECT c.id, c.donor_count AS n,
      (SELECT count(DISTINCT ${KEY}) FROM donations d WHERE d.cause_id = c.id AND d.status = 'completed')::int AS recount FROM causes c`),
    );
    for (const cause of causeCounts as { id: string; n: number; recount: number }[]) expect(cause.n, label).toBe(cause.recount);

    const totals = await rows(
      sql`SELECT cause_id, donations, amount::text FROM cause_totals WHERE donations <> 0 OR amount <> 0 ORDER BY cause_id`,
    );
    const recountTotals = await rows(
      sql.raw(`SELECT cause_id, count(*)::int AS donations, sum(amount)::text AS amount
      FROM donations WHERE status = 'completed' GROUP BY 1 ORDER BY 1`),
    );
    expect(totals, label).toEqual(recountTotals);

    const platform = await rows(
      sql`SELECT donor_key, donations, named_donations, named_amount::text, last_named_at FROM platform_donors ORDER BY donor_key`,
    );
    const recountPlatform = await rows(
      sql.raw(`SELECT ${KEY} AS donor_key, count(*)::int AS donations,
      count(*) FILTER (WHERE NOT is_anonymous)::int AS named_donations,
      coalesce(sum(amount) FILTER (WHERE NOT is_anonymous), 0)::text AS named_amount,
      max(completed_at) FILTER (WHERE NOT is_anonymous) AS last_named_at
      FROM donations WHERE status = 'completed' GROUP BY 1 ORDER BY 1`),
    );
    expect(platform, label).toEqual(recountPlatform);
    const [donors] = await rows<{ value: string | null }>(
      sql`SELECT (SELECT value FROM platform_counters WHERE name = 'donors')::text AS value`,
    );
    expect(Number(donors!.value ?? 0), label).toBe(recountPlatform.length);

    const byStatus = await rows(
      sql`SELECT substr(name, 8) AS status, value::int AS n FROM platform_counters WHERE name LIKE 'causes\_%' AND value <> 0 ORDER BY 1`,
    );
    expect(byStatus, label).toEqual(await rows(sql`SELECT status, count(*)::int AS n FROM causes GROUP BY 1 ORDER BY 1`));
  }

  it('stay equal to a full recount through random completions, refunds and failures', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const causes = [];
    for (let i = 0; i < 3; i += 1)
      causes.push((await activeCause(ctx.app, organizer.access, admin.access, { target_amount: '0.00' })).id as string);
    const users = [organizer.id, (await newSession(ctx.app)).id];
    const guests = ['ama@example.com', 'AMA@Example.com', 'kofi@example.com'];
    const days = ['2026-10-31T23:59:00Z', '2026-11-01T00:00:00Z', '2026-11-02T12:00:00Z'];

    for (const seed of [1, 2, 3]) {
      const rand = random(seed);
      for (let step = 0; step < 60; step += 1) {
        const ids = await rows<{ id: string; status: string }>(sql`SELECT id, status FROM donations`);
        const completed = ids.filter((d) => d.status === 'completed');
        const pending = ids.filter((d) => d.status === 'pending');
        const action = rand.pick(['give', 'give', 'pledge', 'complete', 'refund', 'fail', 'reattribute'] as const);
        const amount = 100 + Math.floor(rand.next() * 10_000);
        const donor = rand.next() < 0.5 ? { id: rand.pick(users), email: 'member@example.com' } : { id: null, email: rand.pick(guests) };
        const when = rand.pick(days);
        if (action === 'give' || action === 'pledge') {
          await run(sql`INSERT INTO donations (cause_id, donor_id, email, amount, is_anonymous, status, completed_at)
            VALUES (${rand.pick(causes)}, ${donor.id}, ${donor.email}, ${amount}, ${rand.next() < 0.3},
                    ${action === 'give' ? 'completed' : 'pending'}, ${action === 'give' ? when : null})`);
        } else if (action === 'complete' && pending.length) {
          await run(sql`UPDATE donations SET status = 'completed', completed_at = ${when} WHERE id = ${rand.pick(pending).id}`);
        } else if (action === 'refund' && completed.length) {
          await run(sql`UPDATE donations SET status = 'refunded' WHERE id = ${rand.pick(completed).id}`);
        } else if (action === 'fail' && pending.length) {
          await run(sql`UPDATE donations SET status = 'failed' WHERE id = ${rand.pick(pending).id}`);
        } else if (action === 'reattribute' && completed.length) {
          // An admin correcting a completed donation: another amount, day and anonymity at once.
          await run(sql`UPDATE donations SET amount = ${amount}, completed_at = ${when}, is_anonymous = NOT is_anonymous
            WHERE id = ${rand.pick(completed).id}`);
        }
        if (step % 10 === 9) await expectCountersEqualRecount(seed, step);
      }
    }
    // Causes change status (a close, a goal reached) and a deleted cause takes its donations with it.
    await run(sql`UPDATE causes SET status = 'closed' WHERE id = ${causes[1]}`);
    await run(sql`UPDATE causes SET status = 'completed' WHERE id = ${causes[2]}`);
    await run(sql`DELETE FROM causes WHERE id = ${causes[0]}`);
    await expectCountersEqualRecount(0, 0);
  });

  it('show in the public reads: statistics, a cause card and the landing contributors', async () => {
    const stats = (await ctx.app.inject({ url: '/api/donations/statistics/' })).json();
    const [recount] = await rows<{ raised: string; n: number; donors: number }>(
      sql.raw(`SELECT coalesce(sum(amount), 0)::text AS raised,
      count(*)::int AS n, count(DISTINCT ${KEY})::int AS donors FROM donations WHERE status = 'completed'`),
    );
    expect(stats.active_donors).toBe(recount!.donors);
    expect(stats.total_donations).toBe(recount!.n);
    expect(stats.total_raised).toBe(toDecimalString(Number(recount!.raised)));
    const list = (await ctx.app.inject({ url: '/api/causes/list/?page_size=50' })).json();
    const cards = await rows<{ id: string; n: number }>(
      sql.raw(`SELECT cause_id AS id, count(DISTINCT ${KEY})::int AS n FROM donations
      WHERE status = 'completed' AND cause_id IN (SELECT id FROM causes WHERE status IN ('active', 'completed')) GROUP BY 1`),
    );
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(list.results.find((c: { id: string }) => c.id === card.id)?.donor_count).toBe(card.n);
    // Recent contributors: what the full GROUP BY over named donations would say, in the same order.
    const recent = await ctx.app.repos.donations.contributors(50);
    const regrouped = await rows<{ key: string; amount: string; donor_name: string }>(
      sql.raw(`SELECT ${KEY} AS key, sum(amount)::text AS amount,
      (array_agg(donor_name ORDER BY completed_at DESC))[1] AS donor_name FROM donations
      WHERE status = 'completed' AND NOT is_anonymous GROUP BY 1 ORDER BY max(completed_at) DESC, 1 LIMIT 50`),
    );
    expect(recent.map((r) => ({ key: r.key, amount: String(r.amount), donor_name: r.donor_name }))).toEqual(regrouped);
  });
});
