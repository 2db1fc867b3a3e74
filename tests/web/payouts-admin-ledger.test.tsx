import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminWithdrawal, LedgerEntry, WithdrawalStatus } from '../../src/shared/contract/payouts';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { ledgerOf, makeAdminWithdrawal, notFound, route, shellCalls } from './helpers/payouts';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);

afterEach(() => {
  clearToasts();
  signOut();
});

/** An in-memory admin queue: approve pays at once (sandbox), reject records the reason, retry pays a failed one. */
function queueServer(options: { failApprove?: boolean } = {}) {
  let rows: AdminWithdrawal[] = [
    makeAdminWithdrawal('w1', { amount: '120.00', cause_title: 'Water for Tamale' }),
    makeAdminWithdrawal('w2', {
      amount: '80.00',
      cause_id: 'c2',
      cause_title: 'Books for Wa',
      method: 'bank',
      organizer_name: 'Esi Boateng',
      organizer_email: 'esi@example.com',
      destination: { type: 'bank', bank_code: 'GCB', bank_name: 'GCB Bank', account_number: '1234567890', account_name: 'ESI BOATENG' },
    }),
    makeAdminWithdrawal('w3', { amount: '60.00', status: 'failed', failure_reason: 'The provider did not answer.' }),
  ];
  const handler = (call: RecordedCall) => {
    const { path, query } = route(call);
    if (path === '/api/admin/withdrawals/' && call.method === 'GET') {
      const status = query.get('status') as WithdrawalStatus;
      const results = rows.filter((r) => r.status === status);
      return json(200, { count: results.length, next: null, previous: null, results });
    }
    const action = /^\/api\/admin\/withdrawals\/([^/]+)\/(approve|reject|retry)\/$/.exec(path);
    if (action && call.method === 'POST') {
      if (action[2] === 'approve' && options.failApprove) return json(409, { detail: 'Balance too low.', code: 'conflict' });
      const next: Record<string, Partial<AdminWithdrawal>> = {
        approve: { status: 'paid', paid_at: '2026-03-04T10:00:00Z' },
        reject: { status: 'rejected', rejection_reason: (call.body as { reason?: string })?.reason ?? null },
        retry: { status: 'paid', paid_at: '2026-03-04T10:00:00Z' },
      };
      rows = rows.map((r) => (r.id === action[1] ? { ...r, ...next[action[2]] } : r));
      return json(
        200,
        rows.find((r) => r.id === action[1]),
      );
    }
    return shellCalls(call, { role: 'admin' }) ?? notFound();
  };
  return { handler };
}

describe('/adminwithdrawals', () => {
  it('lists requested withdrawals with organizer, cause, amount and the full verified destination', async () => {
    signInAs({ role: 'admin' });
    const { calls } = await renderRoute('/adminwithdrawals', queueServer().handler);
    const list = await screen.findByRole('list', { name: 'Requested withdrawals' });
    const [momo, bank] = within(list).getAllByRole('listitem');
    expect(within(momo).getByText('GH₵120.00')).toBeTruthy();
    expect(within(momo).getByRole('link', { name: 'Water for Tamale' }).getAttribute('href')).toBe('/causes/c1');
    expect(within(momo).getByText('kojo@example.com')).toBeTruthy();
    expect(within(momo).getByText('Pay to').nextElementSibling!.textContent).toBe(
      'Mobile money: MTN Mobile Money+233 24 123 4567 · Ama Mensah',
    );
    expect(within(bank).getByText('Pay to').nextElementSibling!.textContent).toBe('Bank transfer: GCB Bank1234567890 · ESI BOATENG');
    expect(within(bank).getByText('Esi Boateng')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/withdrawals/?status=requested&page=1')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Requested' }).getAttribute('aria-selected')).toBe('true');
  });

  it('approves one, rejects another with a required reason, and moves between status tabs', async () => {
    signInAs({ role: 'admin' });
    const { calls } = await renderRoute('/adminwithdrawals', queueServer().handler);
    await screen.findByRole('list', { name: 'Requested withdrawals' });

    fireEvent.click(screen.getByRole('button', { name: 'Approve GH₵120.00 for Water for Tamale' }));
    await waitFor(() => expect(toasts()).toEqual(['success:Withdrawal approved']));
    expect(calls.filter((c) => c.url === '/api/admin/withdrawals/w1/approve/').map((c) => c.method)).toEqual(['POST']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve GH₵120.00 for Water for Tamale' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reject GH₵80.00 for Books for Wa' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject withdrawal of GH₵80.00 for “Books for Wa”' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason.');
    expect(calls.some((c) => c.url.endsWith('/reject/'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason for rejecting'), {
      target: { value: 'The account name does not match the organizer.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts()).toContain('success:Withdrawal rejected'));
    expect(calls.find((c) => c.url === '/api/admin/withdrawals/w2/reject/')!.body).toEqual({
      reason: 'The account name does not match the organizer.',
    });
    // The toast comes from the request; the dialog closes in the step after it.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No withdrawals waiting for review.')).toBeTruthy();
    // The row left the list, so focus goes back to the page heading.
    await waitFor(() => expect(document.activeElement?.id).toBe('withdrawals-title'));

    // Arrow keys move between tabs; the rejected tab shows the reason.
    const requested = screen.getByRole('tab', { name: 'Requested' });
    requested.focus();
    await act(async () => {
      fireEvent.keyDown(requested, { key: 'ArrowLeft' });
    });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Rejected' }));
    const rejected = await screen.findByRole('list', { name: 'Rejected withdrawals' });
    expect(within(rejected).getByText('The account name does not match the organizer.')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Paid' }));
    const paid = await screen.findByRole('list', { name: 'Paid withdrawals' });
    expect(within(paid).getByText('Paid', { selector: '.payout-badge' })).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/withdrawals/?status=paid&page=1')).toBe(true);
  });

  it('retries a failed payout', async () => {
    signInAs({ role: 'admin' });
    const { calls } = await renderRoute('/adminwithdrawals', queueServer().handler);
    await screen.findByRole('list', { name: 'Requested withdrawals' });
    fireEvent.click(screen.getByRole('tab', { name: 'Failed' }));
    const failed = await screen.findByRole('list', { name: 'Failed withdrawals' });
    expect(within(failed).getByText('The provider did not answer.')).toBeTruthy();
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry GH₵60.00 for Water for Tamale' }));
    await waitFor(() => expect(toasts()).toEqual(['success:Payout retried']));
    expect(calls.filter((c) => c.url === '/api/admin/withdrawals/w3/retry/')).toHaveLength(1);
    expect(await screen.findByText('No failed payouts.')).toBeTruthy();
  });

  it("toasts 'Failed to update withdrawal' when the server refuses", async () => {
    signInAs({ role: 'admin' });
    await renderRoute('/adminwithdrawals', queueServer({ failApprove: true }).handler);
    await screen.findByRole('list', { name: 'Requested withdrawals' });
    fireEvent.click(screen.getByRole('button', { name: 'Approve GH₵120.00 for Water for Tamale' }));
    await waitFor(() => expect(toasts()).toEqual(['error:Failed to update withdrawal']));
    expect(screen.getByRole('button', { name: 'Approve GH₵120.00 for Water for Tamale' })).toBeTruthy();
  });

  it('keeps a regular user out', async () => {
    signInAs({ role: 'user' });
    const { calls } = await renderRoute('/adminwithdrawals', queueServer().handler);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/admin/'))).toBe(false);
  });
});

function entry(id: string, over: Partial<LedgerEntry>): LedgerEntry {
  return { id, kind: 'donation', amount: '10.00', at: '2026-03-01T12:00:00Z', donor_name: null, description: '', note: null, ...over };
}

describe("cause detail: 'Where the money goes'", () => {
  function ledgerServer(organizer = 'org-1') {
    return (call: RecordedCall) => {
      const { path, query } = route(call);
      if (path === '/api/causes/details/c1/')
        return json(200, makeCause('c1', { title: 'Water for Tamale', name: 'Water for Tamale', organizer_id: organizer }));
      if (path === '/api/causes/c1/ledger/') {
        const totals = { money_in: '250.00', money_out: '100.00', balance: '150.00' };
        return query.get('page') === '2'
          ? json(
              200,
              ledgerOf({
                totals,
                count: 3,
                entries: [entry('d9', { amount: '50.00', donor_name: 'Kwame Asante', at: '2026-02-20T08:00:00Z' })],
              }),
            )
          : json(
              200,
              ledgerOf({
                totals,
                count: 3,
                next: '/api/causes/c1/ledger/?page=2',
                entries: [
                  entry('w1', { kind: 'withdrawal', amount: '100.00', at: '2026-03-05T09:00:00Z' }),
                  entry('d1', { amount: '200.00', donor_name: null, at: '2026-03-01T12:00:00Z' }),
                ],
              }),
            );
      }
      return shellCalls(call) ?? notFound();
    };
  }

  it('shows totals and entries with anonymous donors and payouts, then loads more', async () => {
    const { calls } = await renderRoute('/causes/c1', ledgerServer());
    const section = (await screen.findByRole('heading', { name: 'Where the money goes' })).closest('section')!;
    const s = within(section);
    await waitFor(() => expect(s.getByText('Money in').nextElementSibling!.textContent).toBe('GH₵250.00'));
    expect(s.getByText('Money out').nextElementSibling!.textContent).toBe('GH₵100.00');
    expect(s.getByText('Balance').nextElementSibling!.textContent).toBe('GH₵150.00');
    const rows = () => s.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows()).toEqual(['Paid to the organizerOut: −GH₵100.005 Mar 2026', 'Anonymous donorIn: +GH₵200.001 Mar 2026']);
    fireEvent.click(s.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toBe('Kwame AsanteIn: +GH₵50.0020 Feb 2026');
    expect(s.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/causes/c1/ledger/?page=2')).toBe(true);
    // Visitors get no withdraw link.
    expect(screen.queryByRole('link', { name: 'Withdraw funds' })).toBeNull();
  });

  it("shows 'Withdraw funds' to the cause's organizer only", async () => {
    signInAs({ id: 'org-1' });
    await renderRoute('/causes/c1', ledgerServer('org-1'));
    const link = await screen.findByRole('link', { name: 'Withdraw funds' });
    expect(link.getAttribute('href')).toBe('/causes/c1/withdrawals');
    signOut();
  });

  it('hides it from a signed-in donor', async () => {
    signInAs({ id: 'donor-2' });
    await renderRoute('/causes/c1', ledgerServer('org-1'));
    await screen.findByRole('heading', { name: 'Where the money goes' });
    expect(screen.queryByRole('link', { name: 'Withdraw funds' })).toBeNull();
  });
});
