/**
 * A cause's statement (CSV and PDF) for a date range: the rows and totals of that range only,
 * anonymous and former donors as the ledger names them, cells a spreadsheet cannot run, a PDF that
 * reads back with the same totals, refunds netted, and only the organizer, its treasurers and admins may download it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN, donate as insertDonation } from './helpers/causes';
import { scene } from './helpers/giving';
import { give, organizerRefund } from './helpers/refunds';
import { pdfText } from './helpers/pdf-text';

/** RFC 4180 back into rows (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

const at = (day: string) => new Date(`${day}T10:30:00Z`);

/** A cause with gifts in January, February and March 2026, a refund and two withdrawals. */
async function statementScene(app: FastifyInstance) {
  const s = await scene(app);
  await app.db.execute(sql`UPDATE causes SET created_at = '2025-12-01T08:00:00Z' WHERE id = ${s.causeId}`);
  const gift = (amount: number, day: string, donorName: string, isAnonymous = false) =>
    insertDonation(app.db, { causeId: s.causeId, amount, donorName, isAnonymous, completedAt: at(day) });
  await gift(2000, '2026-01-10', 'Kofi Mensah');
  await gift(500, '2026-02-15', 'Secret Sam', true);
  await gift(1500, '2026-02-16', 'A former donor');
  await gift(3000, '2026-03-01', '=HYPERLINK("http://evil.example","Click, me")');
  await app.db.execute(sql`INSERT INTO donations (cause_id, email, donor_name, amount, status, created_at, reference, payment_method)
    VALUES (${s.causeId}, 'r@example.com', 'Refunded Rita', 700, 'refunded', '2026-02-20T09:00:00Z', 'bf-REFUNDREF', 'card')`);
  const withdrawal = (amount: number, status: string, day: string, reference: string) =>
    app.db.execute(sql`INSERT INTO withdrawals (cause_id, organizer_id, amount, status, method, destination, reference, created_at, paid_at)
      VALUES (${s.causeId}, ${s.organizer.id}, ${amount}, ${status}, 'mobile_money', '{}'::jsonb, ${reference}, ${at(day).toISOString()},
        ${status === 'paid' ? at(day).toISOString() : null})`);
  await withdrawal(1000, 'paid', '2026-02-25', `bfw-PAID-${s.causeId.slice(0, 8)}`);
  await withdrawal(400, 'requested', '2026-02-26', `bfw-ASKED-${s.causeId.slice(0, 8)}`);
  return s;
}

const FEB = 'from=2026-01-01&to=2026-02-28';

describe.each(backends)('cause statements on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const get = (url: string, token?: string) => ctx.app.inject({ url, headers: token ? bearer(token) : {} });

  it('lists the range as CSV with its totals, anonymous and former donors named as the ledger does', async () => {
    const { causeId, organizer } = await statementScene(ctx.app);
    const res = await get(`/api/causes/${causeId}/statement.csv?${FEB}`, organizer.access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="boafo-${causeId}-2026-01-01-2026-02-28.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rest] = parseCsv(res.body.slice(1));
    expect(header).toEqual(['Date (UTC)', 'Type', 'Donor', 'Reference', 'Method', 'Amount (GHS)', 'Status']);
    const entries = rest.slice(
      0,
      rest.findIndex((r) => r.every((c) => c === '')),
    );
    expect(entries.map((r) => [r[0], r[1], r[2], r[5], r[6]])).toEqual([
      ['2026-01-10 10:30', 'donation', 'Kofi Mensah', '20.00', 'completed'],
      ['2026-02-15 10:30', 'donation', 'Anonymous', '5.00', 'completed'],
      ['2026-02-16 10:30', 'donation', 'A former donor', '15.00', 'completed'],
      ['2026-02-20 09:00', 'refund', 'Refunded Rita', '7.00', 'refunded'],
      ['2026-02-25 10:30', 'withdrawal', '', '10.00', 'paid'],
      ['2026-02-26 10:30', 'withdrawal', '', '4.00', 'requested'],
    ]);
    expect(entries[3].slice(3, 5)).toEqual(['bf-REFUNDREF', 'Card']);
    expect(entries[4][4]).toBe('Mobile money');
    expect(res.body).not.toContain('Secret Sam');
    const totals = Object.fromEntries(rest.slice(entries.length + 1).map((r) => [r[0], r[5]]));
    expect(totals).toEqual({
      'Donations (3)': '40.00',
      // Rita's payment was refunded before it was ever credited: listed, outside the totals.
      'Refunded to donors': '0.00',
      'Withdrawals paid': '10.00',
      'Withdrawals on their way': '4.00',
      'Net (donations less refunds and withdrawals paid)': '30.00',
    });
  });

  it('defaults to the cause’s first day through today and guards cells against spreadsheet formulas', async () => {
    const { causeId, organizer } = await statementScene(ctx.app);
    const res = await get(`/api/causes/${causeId}/statement.csv`, organizer.access);
    expect(res.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(`boafo-${causeId}-2025-12-01-${today}.csv`);
    const rows = parseCsv(res.body.slice(1));
    const evil = rows.find((r) => r[2].includes('HYPERLINK'))!;
    expect(evil[2]).toBe(`'=HYPERLINK("http://evil.example","Click, me")`);
    // Quoted once, its quotes doubled (RFC 4180).
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click, me"")"`);
    expect(rows.find((r) => r[0] === 'Donations (4)')?.[5]).toBe('70.00');
  });

  it('draws the same range as a PDF whose totals read back', async () => {
    const { causeId, admin } = await statementScene(ctx.app);
    const res = await get(`/api/causes/${causeId}/statement.pdf?${FEB}`, admin.access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="boafo-${causeId}-2026-01-01-2026-02-28.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Boafo');
    expect(text).toContain('Statement: Borehole for Walewale');
    expect(text).toContain('Period: 2026-01-01 to 2026-02-28');
    expect(text).toContain('Anonymous');
    expect(text).not.toContain('Secret Sam');
    expect(text).toMatch(/Donations \(3\)\nGHS 40\.00/);
    expect(text).toMatch(/Withdrawals paid\nGHS 10\.00/);
    expect(text).toMatch(/Net \(donations less refunds and withdrawals paid\)\nGHS 30\.00/);
  });

  it('carries a long statement over several pages with the header on each', async () => {
    const { causeId, organizer } = await scene(ctx.app);
    await ctx.app.db.execute(sql`INSERT INTO donations (cause_id, email, donor_name, amount, status, completed_at)
      SELECT ${causeId}, 'g@example.com', 'Guest ' || n, 100, 'completed', now() - make_interval(mins => n) FROM generate_series(1, 120) n`);
    const res = await get(`/api/causes/${causeId}/statement.pdf?from=2022-01-01`, organizer.access);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text.match(/Date \(UTC\)/g)!.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('(continued, page 3)');
    expect(text).toMatch(/Donations \(120\)\nGHS 120\.00/);
  });

  it('lists a credited gift at what was paid and each refund of it, netted in the totals', async () => {
    const { causeId, organizer } = await scene(ctx.app);
    const kept = await give(ctx.app, causeId, '50.00');
    const gone = await give(ctx.app, causeId, '12.00');
    expect((await organizerRefund(ctx.app, organizer.access, causeId, kept.id, '20.00')).statusCode).toBe(200);
    expect((await organizerRefund(ctx.app, organizer.access, causeId, gone.id)).statusCode).toBe(200);
    const res = await get(`/api/causes/${causeId}/statement.csv`, organizer.access);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body.slice(1)).slice(1);
    const entries = rows.slice(
      0,
      rows.findIndex((r) => r.every((c) => c === '')),
    );
    expect(entries.map((r) => [r[1], r[5]]).sort()).toEqual([
      ['donation', '12.00'],
      ['donation', '50.00'],
      ['refund', '12.00'],
      ['refund', '20.00'],
    ]);
    const totals = Object.fromEntries(rows.slice(entries.length + 1).map((r) => [r[0], r[5]]));
    expect(totals['Refunded to donors']).toBe('32.00');
    expect(totals['Net (donations less refunds and withdrawals paid)']).toBe('30.00');
  });

  it('is for the organizer, its accepted treasurers and admins only', async () => {
    const { causeId, admin, organizer } = await scene(ctx.app);
    const stranger = await newSession(ctx.app);
    const url = `/api/causes/${causeId}/statement.csv`;
    expect((await get(url)).statusCode).toBe(401);
    const refused = await get(url, stranger.access);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_denied' });
    const otherOrganizer = (await scene(ctx.app)).organizer;
    expect((await get(`/api/causes/${causeId}/statement.pdf`, otherOrganizer.access)).statusCode).toBe(403);
    expect((await get(url, admin.access)).statusCode).toBe(200);
    const treasurer = await newSession(ctx.app);
    const invited = await ctx.app.inject({
      method: 'POST',
      url: `/api/causes/${causeId}/treasurers/`,
      headers: bearer(organizer.access),
      payload: { email: treasurer.email },
    });
    expect(invited.statusCode).toBe(201);
    expect((await get(url, treasurer.access)).statusCode).toBe(403);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/treasurer-invitations/${causeId}/accept/`,
      headers: bearer(treasurer.access),
    });
    expect(accepted.statusCode).toBe(200);
    expect((await get(url, treasurer.access)).statusCode).toBe(200);
    expect((await get('/api/causes/not-a-uuid/statement.csv', admin.access)).statusCode).toBe(404);
  });

  it('refuses a bad range with a 400 naming the field', async () => {
    const { causeId, organizer } = await scene(ctx.app);
    const ask = (query: string) => get(`/api/causes/${causeId}/statement.csv?${query}`, organizer.access);
    const cases: [string, string, RegExp][] = [
      ['from=2026-03-01&to=2026-02-01', 'to', /on or after its start/],
      ['from=2020-01-01&to=2025-01-02', 'to', /at most 5 years/],
      ['from=2026-02-30', 'from', /real day/],
      ['to=yesterday', 'to', /.+/],
      ['from=2026-1-1', 'from', /.+/],
    ];
    for (const [query, field, message] of cases) {
      const res = await ask(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors?.[field]?.[0], query).toMatch(message);
    }
    expect((await ask('from=2020-01-01&to=2025-01-01')).statusCode).toBe(200);
  });
});
