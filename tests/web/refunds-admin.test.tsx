/**
 * Refunds on the web: /admindonations (a cause's donations, Load more, a partial refund with its
 * Idempotency-Key, the API's amount error under the field, 409/502 details as toasts) and the
 * organizer's Donations section of /causes/$id/withdrawals (their own route; a 409 says why).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDonation, Refund } from '../../src/shared/contract/refunds';
import { formatGhs, parseAmount, toDecimalString } from '../../src/shared/money';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { deferred, json, type RecordedCall } from './helpers/fake-fetch';
import { balanceOf, makeAdminWithdrawal, notFound, route, shellCalls } from './helpers/payouts';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const CAUSE = '3f2b9c1e-0a4d-4e8f-9b1a-2c3d4e5f6a7b';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ORGANIZER = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  clearToasts();
  signOut();
});

function donation(id: string, over: Partial<AdminDonation> = {}): AdminDonation {
  return {
    id,
    cause_id: CAUSE,
    amount: '50.00',
    refunded: '0.00',
    refundable: '50.00',
    status: 'completed',
    method: 'mobile_money',
    donor_name: 'Ama',
    is_anonymous: false,
    reference: `ref_${id}`,
    donated_at: '2026-03-02T10:00:00Z',
    ...over,
  };
}

interface Options {
  /** What the server truly has left to refund, when the list the page holds is out of date. */
  serverRefundable?: Record<string, string>;
  /** Holds the refund answers until released. */
  hold?: Promise<void>;
  /** Rows beyond the first page of the list. */
  pageSize?: number;
}

/** The refunds API in memory: list (admin or organizer) and refund (pays back, updates the row). */
function refundsServer(rows: AdminDonation[], options: Options = {}) {
  const pageSize = options.pageSize ?? 50;
  let refuse: { status: number; body: unknown } | undefined;
  const refundable = (d: AdminDonation) => parseAmount(options.serverRefundable?.[d.id] ?? d.refundable)!;
  const page = (query: URLSearchParams, base: string) => {
    const n = Number(query.get('page') ?? 1);
    const results = rows.slice((n - 1) * pageSize, n * pageSize);
    const next = n * pageSize < rows.length ? `${base}page=${n + 1}` : null;
    return json(200, { count: rows.length, next, previous: null, results });
  };
  const refund = async (id: string, call: RecordedCall) => {
    if (options.hold) await options.hold;
    if (refuse) {
      const answer = refuse;
      refuse = undefined;
      return json(answer.status, answer.body);
    }
    const d = rows.find((r) => r.id === id);
    if (!d) return notFound();
    const asked = parseAmount((call.body as { amount?: string }).amount)!;
    const left = refundable(d);
    if (asked > left) {
      return json(400, {
        detail: 'Invalid input.',
        code: 'invalid',
        errors: { amount: [`The most that can be refunded on this donation is ${formatGhs(left)}.`] },
      });
    }
    const refunded = parseAmount(d.refunded)! + asked;
    const updated: AdminDonation = {
      ...d,
      refunded: toDecimalString(refunded),
      refundable: toDecimalString(left - asked),
      status: left - asked === 0 ? 'refunded' : 'completed',
    };
    rows = rows.map((r) => (r.id === id ? updated : r));
    const answer: Refund = {
      id: `refund-${id}`,
      donation_id: id,
      cause_id: d.cause_id,
      amount: toDecimalString(asked),
      status: 'processed',
      reference: `rf_${id}`,
      created_at: '2026-03-05T10:00:00Z',
      processed_at: '2026-03-05T10:00:00Z',
      donation: updated,
    };
    return json(200, answer);
  };
  const handler = (call: RecordedCall): Response | Promise<Response> | undefined => {
    const { path, query } = route(call);
    if (path === '/api/admin/donations/' && call.method === 'GET') {
      const causeId = query.get('cause_id');
      if (causeId !== CAUSE) return json(200, { count: 0, next: null, previous: null, results: [] });
      return page(query, `/api/admin/donations/?cause_id=${CAUSE}&`);
    }
    if (path === `/api/causes/${CAUSE}/donations/` && call.method === 'GET') return page(query, `${path}?`);
    const admin = /^\/api\/admin\/donations\/([^/]+)\/refund\/$/.exec(path);
    if (admin && call.method === 'POST') return refund(admin[1], call);
    const organizer = new RegExp(`^/api/causes/${CAUSE}/donations/([^/]+)/refund/$`).exec(path);
    if (organizer && call.method === 'POST') return refund(organizer[1], call);
    if (path === `/api/causes/details/${CAUSE}/`)
      return json(200, makeCause(CAUSE, { title: 'Water for Tamale', name: 'Water for Tamale', organizer_id: ORGANIZER }));
    return undefined;
  };
  return {
    handler,
    /** The next refund POST is refused with this status and detail. */
    refuseNext(status: number, detail: string) {
      refuse = { status, body: { detail, code: status === 409 ? 'conflict' : 'server_error' } };
    },
  };
}

const refundPosts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url.includes('/refund/'));

async function openAdmin(rows: AdminDonation[], options: Options = {}, path = `/admindonations?cause_id=${CAUSE}`) {
  signInAs({ role: 'admin' });
  const server = refundsServer(rows, options);
  const result = await renderRoute(path, (call) => server.handler(call) ?? shellCalls(call, { role: 'admin' }) ?? notFound());
  return { ...result, server };
}

const row = (list: HTMLElement, index: number) => within(list).getAllByRole('listitem')[index];
const fact = (item: HTMLElement, name: string) => within(item).getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;

describe('/admindonations', () => {
  it("lists a cause's donations with date, donor, method, paid, refunded, refundable and status; Load more adds the next page", async () => {
    const rows = [
      donation('d1', { donor_name: 'Ama', amount: '50.00' }),
      donation('d2', { donor_name: null, is_anonymous: true, method: 'card', refunded: '20.00', refundable: '80.00', amount: '100.00' }),
      donation('d3', { donor_name: 'Kofi', status: 'refunded', refunded: '30.00', refundable: '0.00', amount: '30.00' }),
    ];
    const { calls } = await openAdmin(rows, { pageSize: 2 });
    expect(await screen.findByRole('heading', { name: 'Donations to Water for Tamale' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Donations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = row(list, 0);
    expect(fact(first, 'Donor')).toBe('Ama');
    expect(fact(first, 'Method')).toBe('Mobile money');
    expect(fact(first, 'Paid')).toBe('GH₵50.00');
    expect(fact(first, 'Refunded')).toBe('GH₵0.00');
    expect(fact(first, 'Refundable')).toBe('GH₵50.00');
    expect(fact(first, 'Status')).toBe('Completed');
    expect(within(first).getByText('Date', { selector: 'dt' }).nextElementSibling!.querySelector('time')!.getAttribute('dateTime')).toBe(
      '2026-03-02T10:00:00Z',
    );
    const second = row(list, 1);
    expect(fact(second, 'Donor')).toBe('Anonymous donor');
    expect(fact(second, 'Method')).toBe('Card');
    expect(fact(second, 'Status')).toBe('Partly refunded');
    expect(calls.some((c) => c.url === `/api/admin/donations/?cause_id=${CAUSE}&page=1`)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Load more donations' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const third = row(list, 2);
    expect(fact(third, 'Status')).toBe('Refunded');
    // Nothing left to refund: no Refund button on that row.
    expect(within(third).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more donations' })).toBeNull();
    expect(calls.some((c) => c.url === `/api/admin/donations/?cause_id=${CAUSE}&page=2`)).toBe(true);
  });

  it('is linked from the admin navigation; the cause picker checks the ID and shows that cause', async () => {
    const { router } = await openAdmin([donation('d1')], {}, '/admindonations');
    const nav = await screen.findByRole('link', { name: 'Donations and refunds' });
    expect(nav.getAttribute('href')).toBe('/admindonations');
    expect(screen.queryByRole('list', { name: 'Donations' })).toBeNull();

    const input = screen.getByLabelText('Cause ID');
    fireEvent.change(input, { target: { value: 'not a cause' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show donations' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Enter the cause ID/);
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: ` ${CAUSE.toUpperCase()} ` } });
    fireEvent.submit(input.closest('form')!);
    const list = await screen.findByRole('list', { name: 'Donations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(router.state.location.search).toEqual({ cause_id: CAUSE });

    // Another cause with no donations says so.
    fireEvent.change(screen.getByLabelText('Cause ID'), { target: { value: OTHER } });
    fireEvent.click(screen.getByRole('button', { name: 'Show donations' }));
    expect(await screen.findByText('No donations yet.')).toBeTruthy();
  });

  it('refunds part of a donation: the amount defaults to what is refundable, Confirm waits, the toast and the row follow', async () => {
    const gate = deferred<void>();
    const { calls } = await openAdmin([donation('d1', { amount: '50.00', refundable: '50.00' })], { hold: gate.promise });
    const list = await screen.findByRole('list', { name: 'Donations' });
    fireEvent.click(within(list).getByRole('button', { name: 'Refund donation from Ama, GH₵50.00' }));
    const form = within(list).getByRole('form', { name: 'Refund donation from Ama, GH₵50.00' });
    const amount = within(form).getByLabelText('Amount to refund (GHS)') as HTMLInputElement;
    expect(amount.value).toBe('50.00');
    await waitFor(() => expect(document.activeElement).toBe(amount));

    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm refund' }));
    const busy = await within(form).findByRole('button', { name: 'Refunding...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => gate.resolve());

    await waitFor(() => expect(toasts()).toEqual(['success:Refunded GH₵20.00']));
    const [post] = refundPosts(calls);
    expect(post.url).toBe('/api/admin/donations/d1/refund/');
    expect(post.body).toEqual({ amount: '20.00' });
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(within(list).queryByRole('form')).toBeNull());
    const item = row(list, 0);
    expect(fact(item, 'Refunded')).toBe('GH₵20.00');
    expect(fact(item, 'Refundable')).toBe('GH₵30.00');
    expect(fact(item, 'Status')).toBe('Partly refunded');
    // Focus goes back to the row's Refund button; the form opens again with what is left.
    const again = within(item).getByRole('button', { name: 'Refund donation from Ama, GH₵50.00' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    fireEvent.click(again);
    expect((within(item).getByLabelText('Amount to refund (GHS)') as HTMLInputElement).value).toBe('30.00');
    // Escape closes it without refunding.
    fireEvent.keyDown(within(item).getByLabelText('Amount to refund (GHS)'), { key: 'Escape' });
    expect(within(item).queryByRole('form')).toBeNull();
    expect(refundPosts(calls)).toHaveLength(1);
  });

  it("shows amount problems under the field (its own check and the API's errors.amount), and 409/502 details as error toasts", async () => {
    const rows = [donation('d1', { refundable: '50.00' }), donation('d2', { donor_name: 'Kofi', amount: '40.00', refundable: '40.00' })];
    // The server has less left on d1 than the page knows (another admin refunded some meanwhile).
    const { calls, server } = await openAdmin(rows, { serverRefundable: { d1: '10.00' } });
    const list = await screen.findByRole('list', { name: 'Donations' });
    fireEvent.click(within(list).getByRole('button', { name: 'Refund donation from Ama, GH₵50.00' }));
    const form = within(list).getByRole('form');
    const amount = within(form).getByLabelText('Amount to refund (GHS)');

    fireEvent.change(amount, { target: { value: '60' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm refund' }));
    expect(within(form).getByRole('alert').textContent).toBe('The most that can be refunded on this donation is GH₵50.00.');
    expect(refundPosts(calls)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '25.00' } });
    expect(within(form).queryByRole('alert')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('The most that can be refunded on this donation is GH₵10.00.'),
    );
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain(within(form).getByRole('alert').id);
    expect(toasts()).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    // A 409 and a 502 carry a detail: said in an error toast, the form stays to try again.
    fireEvent.click(within(list).getByRole('button', { name: 'Refund donation from Kofi, GH₵40.00' }));
    const detail409 = 'This donation was already refunded in full.';
    server.refuseNext(409, detail409);
    fireEvent.click(within(list).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(toasts()).toEqual([`error:${detail409}`]));
    clearToasts();
    const detail502 = 'The payment provider refused the refund; nothing was refunded.';
    server.refuseNext(502, detail502);
    fireEvent.click(within(list).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(refundPosts(calls)).toHaveLength(3));
    await waitFor(() => expect(toasts()).toEqual([`error:${detail502}`]));
    expect(within(list).getByRole('form')).toBeTruthy();
    // Each answered attempt used its own Idempotency-Key.
    const keys = refundPosts(calls).map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('/causes/$id/withdrawals: Donations', () => {
  async function openOrganizerPage(rows: AdminDonation[]) {
    signInAs({ id: ORGANIZER });
    const server = refundsServer(rows);
    const result = await renderRoute(`/causes/${CAUSE}/withdrawals`, (call) => {
      const { path } = route(call);
      if (path === `/api/causes/${CAUSE}/balance/`) return json(200, balanceOf({ cause_id: CAUSE }));
      if (path === '/api/withdrawals/' && call.method === 'GET') return json(200, { count: 0, next: null, previous: null, results: [] });
      return server.handler(call) ?? shellCalls(call) ?? notFound();
    });
    return { ...result, server };
  }

  it("lists the cause's donations through the organizer's route and refunds one there; a 409 says why", async () => {
    const rows = [donation('d1', { donor_name: 'Ama', amount: '50.00' }), donation('d2', { donor_name: null, is_anonymous: true })];
    const { calls, server } = await openOrganizerPage(rows);
    const section = (await screen.findByRole('heading', { name: 'Donations' })).closest('section')!;
    const list = await within(section).findByRole('list', { name: 'Donations to this cause' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(fact(row(list, 1), 'Donor')).toBe('Anonymous donor');
    expect(calls.some((c) => c.url === `/api/causes/${CAUSE}/donations/?page=1`)).toBe(true);
    expect(calls.some((c) => c.url.startsWith('/api/admin/'))).toBe(false);

    // Money already withdrawn: the server's reason, as an error toast; the form stays.
    const detail =
      "This refund would take the cause's available balance below zero: GH₵0.00 is available (money already withdrawn, on its way out or held cannot be refunded).";
    server.refuseNext(409, detail);
    fireEvent.click(within(list).getByRole('button', { name: 'Refund donation from Ama, GH₵50.00' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(toasts()).toEqual([`error:${detail}`]));
    expect(within(list).getByRole('form')).toBeTruthy();
    clearToasts();

    // Keyboard: Enter in the amount field submits the form.
    const balanceCalls = () => calls.filter((c) => c.url === `/api/causes/${CAUSE}/balance/`).length;
    const before = balanceCalls();
    const amount = within(list).getByLabelText('Amount to refund (GHS)');
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.submit(amount.closest('form')!);
    await waitFor(() => expect(toasts()).toEqual(['success:Refunded GH₵50.00']));
    const posts = refundPosts(calls);
    expect(posts.map((c) => c.url)).toEqual([`/api/causes/${CAUSE}/donations/d1/refund/`, `/api/causes/${CAUSE}/donations/d1/refund/`]);
    expect(posts[1].body).toEqual({ amount: '50.00' });
    await waitFor(() => expect(fact(row(list, 0), 'Status')).toBe('Refunded'));
    expect(within(row(list, 0)).queryByRole('button', { name: /Refund/ })).toBeNull();
    // The balance it changed is asked again.
    await waitFor(() => expect(balanceCalls()).toBeGreaterThan(before));
  });
});

describe('/adminwithdrawals', () => {
  it("links each queued withdrawal's cause to its donations", async () => {
    signInAs({ role: 'admin' });
    await renderRoute('/adminwithdrawals', (call) => {
      const { path } = route(call);
      if (path === '/api/admin/withdrawals/')
        return json(200, { count: 1, next: null, previous: null, results: [makeAdminWithdrawal('w1', { cause_id: CAUSE })] });
      return shellCalls(call, { role: 'admin' }) ?? notFound();
    });
    const link = await screen.findByRole('link', { name: 'Donations to Water for Tamale' });
    expect(link.getAttribute('href')).toBe(`/admindonations?cause_id=${CAUSE}`);
  });
});
