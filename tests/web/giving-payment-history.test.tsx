import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DonationRecord } from '../../src/shared/contract/donations';
import { LAST_PAYMENT_REFERENCE_KEY } from '../../src/shared/payment-status';
import type { PaymentVerification } from '../../src/shared/contract/payments';
import { PENDING_POLL_MS } from '../../src/web/features/payment/components/payment-status-page';
import { resolveTitles, searchHistory, sortHistory, type HistoryRow } from '../../src/web/features/history/lib/history-view';
import { getDb } from '../../src/web/features/offline/db';
import { STORAGE_KEYS } from '../../src/web/lib/storage-keys';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { pathname, resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const ME = '11111111-1111-4111-8111-111111111111';

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
});

afterEach(async () => {
  clearToasts();
  signOut();
  setOnline(true, true);
  await resetGivingState();
});

function common(call: RecordedCall): Response | undefined {
  const path = pathname(call);
  if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
  return undefined;
}

function verification(status: PaymentVerification['status'], detail: string): PaymentVerification {
  const fields = {
    reference: 'BFO-1',
    detail,
    total_amount: '35.00',
    currency: 'GHS' as const,
    donations: [
      {
        id: 'd1',
        cause_id: 'c1',
        cause_title: 'Surgery for Kwame',
        amount: '20.00',
        status: status === 'success' ? 'completed' : 'pending',
      },
      { id: 'd2', cause_id: 'c2', cause_title: 'Books for Wa', amount: '15.00', status: status === 'success' ? 'completed' : 'pending' },
    ],
  };
  if (status === 'success') return { ...fields, status, message: 'Payment verified successfully' };
  if (status === 'failed' || status === 'abandoned') return { ...fields, status, code: `payment_${status}` };
  return { ...fields, status };
}

/** The server's verify answer: 200 with a message only for success, 202 pending/flagged, 402 failed/abandoned. */
function verifyAnswer(status: PaymentVerification['status'], detail: string): Response {
  const code = status === 'success' ? 200 : status === 'failed' || status === 'abandoned' ? 402 : 202;
  return json(code, verification(status, detail));
}

describe('/payment-status', () => {
  it('success: verifying first, then verified with a toast and the causes paid; cart and history refresh', async () => {
    signInAs({ id: ME });
    localStorage.setItem(STORAGE_KEYS.cartId, '77777777-7777-4777-8777-777777777777');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { calls } = await renderRoute('/payment-status?reference=BFO-1', async (call): Promise<Response> => {
      const path = pathname(call);
      if (path === '/api/payments/verify/BFO-1/') {
        await held;
        return verifyAnswer('success', 'Payment verified successfully');
      }
      if (path.startsWith('/api/cart/'))
        return json(200, { cart_id: '77777777-7777-4777-8777-777777777777', items: [], total_amount: '0.00' });
      if (path === '/api/donations/') return json(200, { count: 0, next: null, previous: null, results: [] });
      return common(call) ?? json(404, {});
    });
    expect(screen.getByRole('heading', { name: 'Verifying payment...' })).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Payment verified successfully' })).toBeTruthy();
    expect(toasts()).toContain('success:Payment verified successfully');
    const paid = within(screen.getByRole('list', { name: 'Donations paid' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(paid).toEqual(['Surgery for KwameGH₵20.00', 'Books for WaGH₵15.00']);
    await waitFor(() => expect(calls.some((c) => pathname(c) === '/api/donations/')).toBe(true));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && pathname(c) === '/api/cart/77777777-7777-4777-8777-777777777777/')).toBe(true),
    );
  });

  it('the server answers pending with 202 and no message: "Payment verification complete", polled, never a success', async () => {
    let answers = 0;
    const { calls } = await renderRoute('/payment-status?reference=BFO-1', (call) => {
      if (pathname(call) !== '/api/payments/verify/BFO-1/') return common(call);
      answers += 1;
      return verifyAnswer(answers < 2 ? 'pending' : 'success', answers < 2 ? 'Payment is still pending' : 'Payment verified successfully');
    });
    expect(await screen.findByRole('heading', { name: 'Payment verification complete' })).toBeTruthy();
    expect(screen.getByText('Payment is still pending')).toBeTruthy();
    expect(toasts()).not.toContain('success:Payment verified successfully');
    // The automatic re-check (2 s) finds it paid.
    expect(await screen.findByRole('heading', { name: 'Payment verified successfully' }, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => pathname(c) === '/api/payments/verify/BFO-1/')).toHaveLength(2);
  });

  it('flagged (202): complete, being checked by the team, no success and no polling', async () => {
    // No re-check is ever scheduled: watched at the timer itself instead of waiting out its delay.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const { calls } = await renderRoute('/payment-status?reference=BFO-1', (call) =>
      pathname(call) === '/api/payments/verify/BFO-1/' ? verifyAnswer('flagged', 'Payment is under review') : common(call),
    );
    expect(await screen.findByRole('heading', { name: 'Payment verification complete' })).toBeTruthy();
    expect(screen.getByText(/our team is checking it/)).toBeTruthy();
    expect(toasts()).not.toContain('success:Payment verified successfully');
    const pollDelays = timers.mock.calls.map((args) => args[1]).filter((ms) => PENDING_POLL_MS.includes(ms ?? -1));
    timers.mockRestore();
    expect(pollDelays).toEqual([]);
    expect(calls.filter((c) => pathname(c) === '/api/payments/verify/BFO-1/')).toHaveLength(1);
  });

  it('pending: "Payment verification complete" with Check again, which asks again', async () => {
    let status: PaymentVerification['status'] = 'pending';
    const { calls } = await renderRoute('/payment-status?reference=BFO-1', (call) =>
      pathname(call) === '/api/payments/verify/BFO-1/'
        ? verifyAnswer(status, status === 'pending' ? 'Awaiting confirmation.' : 'Payment verified successfully')
        : common(call),
    );
    expect(await screen.findByRole('heading', { name: 'Payment verification complete' })).toBeTruthy();
    expect(screen.getByText('Awaiting confirmation.')).toBeTruthy();
    status = 'success';
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Payment verified successfully' })).toBeTruthy();
    expect(calls.filter((c) => pathname(c) === '/api/payments/verify/BFO-1/').length).toBeGreaterThanOrEqual(2);
  });

  for (const status of ['failed', 'abandoned'] as const) {
    it(`${status} (402 in the error shape): not successful, with the server's detail and a link back to the cart`, async () => {
      await renderRoute('/payment-status?reference=BFO-1', (call) =>
        pathname(call) === '/api/payments/verify/BFO-1/' ? verifyAnswer(status, `Server says ${status}.`) : common(call),
      );
      expect(await screen.findByRole('heading', { name: 'Payment not successful or verification failed' })).toBeTruthy();
      expect(screen.getByText(`Server says ${status}.`)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to your cart' }).getAttribute('href')).toBe('/cartpage');
      expect(toasts()).not.toContain('success:Payment verified successfully');
    });
  }

  it('falls back to the stored reference; none at all says so', async () => {
    localStorage.setItem(LAST_PAYMENT_REFERENCE_KEY, 'BFO-STORED');
    const { calls } = await renderRoute('/payment-status', (call) =>
      pathname(call) === '/api/payments/verify/BFO-STORED/' ? verifyAnswer('success', 'ok') : common(call),
    );
    expect(await screen.findByRole('heading', { name: 'Payment verified successfully' })).toBeTruthy();
    expect(calls.some((c) => pathname(c) === '/api/payments/verify/BFO-STORED/')).toBe(true);

    localStorage.removeItem(LAST_PAYMENT_REFERENCE_KEY);
    cleanup();
    const second = await renderRoute('/payment-status', common);
    expect(await screen.findByRole('heading', { name: 'No payment reference found' })).toBeTruthy();
    expect(second.calls.some((c) => pathname(c).startsWith('/api/payments/'))).toBe(false);
  });
});

function record(id: string, over: Partial<DonationRecord>): DonationRecord {
  return {
    id,
    cause_id: `cause-${id}-0000`,
    cause_title: `Cause ${id}`,
    amount: '10.00',
    status: 'completed',
    donated_at: '2026-01-01T10:00:00Z',
    organizer_id: 'org-a',
    category: 'Medical',
    is_anonymous: false,
    reference: null,
    ...over,
  };
}

const HISTORY = [
  record('1', {
    cause_title: 'Surgery for Kwame',
    amount: '25.00',
    donated_at: '2026-03-01T10:00:00Z',
    organizer_id: 'org-b',
    category: 'Medical',
  }),
  record('2', {
    cause_title: 'Books for Wa',
    amount: '100.50',
    donated_at: '2026-01-15T10:00:00Z',
    organizer_id: 'org-c',
    category: 'Education',
  }),
  record('3', {
    cause_title: 'Borehole in Bolga',
    amount: '7.25',
    donated_at: '2026-02-10T10:00:00Z',
    organizer_id: 'org-a',
    category: 'Water',
  }),
];

const titles = () => [...document.querySelectorAll('.history-card__title')].map((el) => el.textContent);

describe('/donationhistory', () => {
  it('default sort Amount descending; ascending/descending and the filter key; cards with GHS amounts, date and status', async () => {
    signInAs({ id: ME });
    await renderRoute('/donationhistory', (call) =>
      pathname(call) === '/api/donations/' ? json(200, { count: 3, next: null, previous: null, results: HISTORY }) : common(call),
    );
    await waitFor(() => expect(titles()).toEqual(['Books for Wa', 'Surgery for Kwame', 'Borehole in Bolga']));
    const first = document.querySelector('.history-card')!;
    expect(first.textContent).toContain('GH₵100.50');
    expect(first.textContent).toContain('15 Jan 2026');
    expect(first.textContent).toContain('Completed');
    expect(screen.getByRole('button', { name: '↓ Descending' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: /^Cart, / })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your profile' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '↑ Ascending' }));
    expect(titles()).toEqual(['Borehole in Bolga', 'Surgery for Kwame', 'Books for Wa']);
    expect(screen.getByRole('button', { name: '↑ Ascending' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '↓ Descending' }).getAttribute('aria-pressed')).toBe('false');

    const filter = screen.getByLabelText('Filter by');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Date', 'Amount', 'Organizer', 'Category']);
    fireEvent.change(filter, { target: { value: 'date' } });
    expect(titles()).toEqual(['Books for Wa', 'Borehole in Bolga', 'Surgery for Kwame']);
    fireEvent.change(filter, { target: { value: 'organizer' } });
    expect(titles()).toEqual(['Borehole in Bolga', 'Surgery for Kwame', 'Books for Wa']);
    fireEvent.change(filter, { target: { value: 'category' } });
    fireEvent.click(screen.getByRole('button', { name: '↓ Descending' }));
    expect(titles()).toEqual(['Borehole in Bolga', 'Surgery for Kwame', 'Books for Wa']);
  });

  it('search by title (any case) or amount as text; no-results and empty texts; Refresh toasts', async () => {
    signInAs({ id: ME });
    let results = HISTORY;
    const { calls } = await renderRoute('/donationhistory', (call) =>
      pathname(call) === '/api/donations/' ? json(200, { count: results.length, next: null, previous: null, results }) : common(call),
    );
    await waitFor(() => expect(titles()).toHaveLength(3));
    const search = screen.getByLabelText('Search donations');
    fireEvent.change(search, { target: { value: 'BOREHOLE' } });
    expect(titles()).toEqual(['Borehole in Bolga']);
    fireEvent.change(search, { target: { value: '100.5' } });
    expect(titles()).toEqual(['Books for Wa']);
    fireEvent.change(search, { target: { value: '25' } });
    expect(titles()).toEqual(['Surgery for Kwame', 'Borehole in Bolga']); // 25.00 and 7.25
    fireEvent.change(search, { target: { value: '25.00' } });
    expect(titles()).toEqual(['Surgery for Kwame']);
    fireEvent.change(search, { target: { value: 'zebra' } });
    expect(screen.getByText('No results for "zebra"')).toBeTruthy();

    results = [];
    fireEvent.change(search, { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    await waitFor(() => expect(toasts()).toContain('success:Refreshed'));
    expect(await screen.findByText('No donation history yet.')).toBeTruthy();
    expect(calls.filter((c) => pathname(c) === '/api/donations/')).toHaveLength(2);
    // Every status: the screen labels pending and failed gifts (the server's default is completed only).
    expect(calls[calls.findIndex((c) => pathname(c) === '/api/donations/')].url).toBe('/api/donations/?page=1&status=all');
  });

  it('a server failure toasts and empties the list; offline shows the saved copy with Last synced', async () => {
    signInAs({ id: ME });
    let mode: 'ok' | 'error' | 'offline' = 'ok';
    await renderRoute('/donationhistory', (call) => {
      if (pathname(call) !== '/api/donations/') return common(call);
      if (mode === 'ok') return json(200, { count: 3, next: null, previous: null, results: HISTORY });
      if (mode === 'error') return json(500, { detail: 'Server error' });
      return undefined; // network failure
    });
    await waitFor(() => expect(titles()).toHaveLength(3));

    mode = 'error';
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    await waitFor(() => expect(toasts()).toContain('error:Failed to load donation history'));
    expect(titles()).toEqual([]);
    expect(screen.getByText('No donation history yet.')).toBeTruthy();

    mode = 'offline';
    setOnline(false, true);
    clearToasts();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    await waitFor(() => expect(titles()).toEqual(['Books for Wa', 'Surgery for Kwame', 'Borehole in Bolga']));
    expect(screen.getByText(/Last synced \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/)).toBeTruthy();
    expect(toasts()).not.toContain('error:Failed to load donation history');
  });

  it('the saved copy belongs to its user: someone else offline sees none of it', async () => {
    signInAs({ id: ME });
    await renderRoute('/donationhistory', (call) =>
      pathname(call) === '/api/donations/' ? json(200, { count: 3, next: null, previous: null, results: HISTORY }) : common(call),
    );
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(await getDb().donations.count()).toBe(3);
    cleanup();
    signOut();
    signInAs({ id: '99999999-9999-4999-8999-999999999999' });
    setOnline(false, true);
    await renderRoute('/donationhistory', () => undefined);
    expect(await screen.findByText('No donation history yet.')).toBeTruthy();
    expect(titles()).toEqual([]);
  });

  it('titles: the API title, else the saved cause, else the first 8 characters of the id; at most 50 lookups', async () => {
    const records = [
      record('a', { cause_title: 'From the API' }),
      record('b', { cause_title: '', cause_id: 'mirrored-cause-id' }),
      record('c', { cause_title: '', cause_id: 'abcdefgh-unknown' }),
      ...Array.from({ length: 60 }, (_, i) => record(`x${i}`, { cause_title: '', cause_id: `cause-${String(i).padStart(3, '0')}-long` })),
    ];
    const asked: string[][] = [];
    const rows = await resolveTitles(records, async (ids) => {
      asked.push(ids);
      return new Map([['mirrored-cause-id', 'Saved title']]);
    });
    expect(rows.slice(0, 3).map((r) => r.title)).toEqual(['From the API', 'Saved title', 'abcdefgh']);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(50);
    expect(rows.at(-1)!.title).toBe('cause-05');
  });

  it('searchHistory and sortHistory are pure and stable', () => {
    const rows: HistoryRow[] = HISTORY.map((r) => ({ ...r, title: r.cause_title }));
    expect(searchHistory(rows, '  ').map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(sortHistory(rows, 'amount', 'desc').map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(rows.map((r) => r.id)).toEqual(['1', '2', '3']); // not mutated
  });
});
