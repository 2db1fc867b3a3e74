import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminPayment } from '../../src/shared/contract/admin';
import type { LedgerEntry } from '../../src/shared/contract/payouts';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { deferred, json, type RecordedCall } from './helpers/fake-fetch';
import { ledgerOf, notFound, route, shellCalls } from './helpers/payouts';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);

afterEach(() => {
  clearToasts();
  signOut();
});

function makePayment(id: string, over: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id,
    reference: `bf-${id}`,
    provider: 'paystack',
    status: 'flagged',
    amount: '100.00',
    currency: 'GHS',
    received_amount: '50.00',
    received_currency: 'GHS',
    flagged_reason: 'amount GH₵50.00 from the provider, expected GH₵100.00',
    provider_status: 'success',
    email: 'yaw@example.com',
    donor_name: 'Yaw Asante',
    created_at: '2026-03-02T10:00:00Z',
    updated_at: '2026-03-02T10:05:00Z',
    resolution: null,
    resolution_note: null,
    resolved_at: null,
    resolved_by_name: null,
    donations: [
      { id: `${id}-d1`, cause_id: 'c1', cause_title: 'Water for Tamale', amount: '60.00', pledged_amount: null, status: 'pending' },
      { id: `${id}-d2`, cause_id: 'c2', cause_title: 'Books for Wa', amount: '40.00', pledged_amount: null, status: 'pending' },
    ],
    ...over,
  };
}

/** An in-memory review queue: credit shares the amount, refund records it; a second decision is a 409. */
function reviewServer(options: { hold?: Promise<void>; amountError?: boolean } = {}) {
  let rows: AdminPayment[] = [
    makePayment('p1'),
    makePayment('p2', {
      amount: '20.00',
      received_amount: '20.00',
      received_currency: 'USD',
      flagged_reason: 'currency USD from the provider, expected GHS',
    }),
  ];
  let failNextAmount = options.amountError ?? false;
  const handler = async (call: RecordedCall) => {
    const { path, query } = route(call);
    if (path === '/api/admin/payments/' && call.method === 'GET') {
      const results = rows.filter((r) => (query.get('status') === 'resolved' ? r.resolution !== null : r.status === 'flagged'));
      return json(200, { count: results.length, next: null, previous: null, results });
    }
    const resolve = /^\/api\/admin\/payments\/([^/]+)\/resolve\/$/.exec(path);
    if (resolve && call.method === 'POST') {
      await options.hold;
      const row = rows.find((r) => r.id === resolve[1])!;
      if (row.status !== 'flagged') return json(409, { detail: 'This payment was already resolved (credited).', code: 'conflict' });
      const body = call.body as { action: string; amount?: string; note?: string };
      if (body.action === 'credit' && failNextAmount) {
        failNextAmount = false;
        return json(400, {
          detail: 'Please correct the highlighted fields.',
          code: 'validation_error',
          errors: { amount: ['Too much for this payment.'] },
        });
      }
      const resolved: AdminPayment =
        body.action === 'credit'
          ? {
              ...row,
              status: 'success',
              resolution: 'credited',
              resolution_note: body.note ?? null,
              resolved_by_name: 'Ama Mensah',
              resolved_at: '2026-03-03T09:00:00Z',
            }
          : {
              ...row,
              status: 'refunded',
              resolution: 'refunded',
              resolution_note: body.note ?? null,
              resolved_by_name: 'Ama Mensah',
              resolved_at: '2026-03-03T09:00:00Z',
            };
      rows = rows.map((r) => (r.id === row.id ? resolved : r));
      return json(200, resolved);
    }
    return shellCalls(call, { role: 'admin' }) ?? notFound();
  };
  return {
    handler,
    decide: (id: string) => {
      rows = rows.map((r) => (r.id === id ? { ...r, status: 'success' } : r));
    },
  };
}

const resolveCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.endsWith('/resolve/'));

describe('/adminpayments', () => {
  it('lists flagged payments with what was asked and reported, the donor and the causes; the sidebar links to it', async () => {
    signInAs({ role: 'admin' });
    const { calls } = await renderRoute('/adminpayments', reviewServer().handler);
    const list = await screen.findByRole('list', { name: 'Flagged payments' });
    const [first, second] = within(list)
      .getAllByRole('listitem', { name: '' })
      .filter((li) => li.classList.contains('flagged-item'));
    expect(first.querySelector('.flagged-item__amounts')!.textContent).toBe('GH₵100.00 asked · GH₵50.00 reported');
    expect(within(first).getByText('Yaw Asante')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Water for Tamale' }).getAttribute('href')).toBe('/causes/c1');
    expect(second.querySelector('.flagged-item__amounts')!.textContent).toBe('GH₵20.00 asked · USD 20.00 reported');
    expect(calls.some((c) => c.url === '/api/admin/payments/?status=flagged&page=1')).toBe(true);
    expect(screen.getByRole('link', { name: 'Flagged payments' }).getAttribute('href')).toBe('/adminpayments');
    expect(screen.getByRole('heading', { level: 2, name: 'Flagged payments (2)' })).toBeTruthy();
  });

  it('credits the amount received with one Idempotency-Key, disabling the buttons while it runs', async () => {
    signInAs({ role: 'admin' });
    const gate = deferred<void>();
    const { calls } = await renderRoute('/adminpayments', reviewServer({ hold: gate.promise }).handler);
    await screen.findByRole('list', { name: 'Flagged payments' });
    fireEvent.click(screen.getByRole('button', { name: 'Credit payment bf-p1' }));
    const dialog = screen.getByRole('dialog', { name: 'Credit payment bf-p1' });
    const amount = within(dialog).getByLabelText('Amount received (GH₵)') as HTMLInputElement;
    expect(amount.value).toBe('50.00');
    expect(document.activeElement).toBe(amount);
    fireEvent.change(within(dialog).getByLabelText('Note for the record (optional)'), { target: { value: 'Provider kept a fee.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit GH₵50.00' }));

    const busy = await within(dialog).findByRole('button', { name: 'Crediting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Mark payment bf-p2 refunded' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => gate.resolve());

    await waitFor(() => expect(toasts()).toEqual(['success:Payment credited']));
    const [sent] = resolveCalls(calls);
    expect(sent.body).toEqual({ action: 'credit', amount: '50.00', note: 'Provider kept a fee.' });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Credit payment bf-p1' })).toBeNull());
    // The row left the list, so focus goes back to the page heading.
    await waitFor(() => expect(document.activeElement?.id).toBe('payments-title'));

    fireEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const resolved = await screen.findByRole('list', { name: 'Resolved payments' });
    expect(within(resolved).getByText('Decision').nextElementSibling!.textContent).toMatch(
      /^Credited by Ama Mensah on .*“Provider kept a fee\.”$/,
    );
  });

  it('asks for the GHS amount when another currency was reported, and shows the server\u2019s field error inline', async () => {
    signInAs({ role: 'admin' });
    const { calls } = await renderRoute('/adminpayments', reviewServer({ amountError: true }).handler);
    await screen.findByRole('list', { name: 'Flagged payments' });
    fireEvent.click(screen.getByRole('button', { name: 'Credit payment bf-p2' }));
    const dialog = screen.getByRole('dialog', { name: 'Credit payment bf-p2' });
    const amount = within(dialog).getByLabelText('Amount received (GH₵)') as HTMLInputElement;
    expect(amount.value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit amount' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the amount received in GHS, for example 50.00.');
    expect(resolveCalls(calls)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit GH₵250.00' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Too much for this payment.'));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount, { target: { value: '245.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit GH₵245.50' }));
    await waitFor(() => expect(toasts()).toEqual(['success:Payment credited']));
    const [refused, accepted] = resolveCalls(calls);
    expect(accepted.body).toEqual({ action: 'credit', amount: '245.50' });
    // A corrected request is a new decision: a new key (the refused one's answer is stored under the old key).
    expect(accepted.headers['idempotency-key']).not.toBe(refused.headers['idempotency-key']);
  });

  it('records a refund with a note; Escape closes the dialog and gives focus back', async () => {
    signInAs({ role: 'admin' });
    const { calls } = await renderRoute('/adminpayments', reviewServer().handler);
    await screen.findByRole('list', { name: 'Flagged payments' });
    const opener = screen.getByRole('button', { name: 'Mark payment bf-p1 refunded' });
    opener.focus();
    fireEvent.click(opener);
    let dialog = screen.getByRole('dialog', { name: 'Mark payment bf-p1 refunded' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));

    fireEvent.click(opener);
    dialog = screen.getByRole('dialog', { name: 'Mark payment bf-p1 refunded' });
    fireEvent.change(within(dialog).getByLabelText('Note for the record (optional)'), { target: { value: 'Refunded at Paystack.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    await waitFor(() => expect(toasts()).toEqual(['success:Payment marked refunded']));
    expect(resolveCalls(calls)[0].body).toEqual({ action: 'refund', note: 'Refunded at Paystack.' });
  });

  it('says so when another admin decided first, and shows the list as it is now', async () => {
    signInAs({ role: 'admin' });
    const server = reviewServer();
    await renderRoute('/adminpayments', server.handler);
    await screen.findByRole('list', { name: 'Flagged payments' });
    fireEvent.click(screen.getByRole('button', { name: 'Credit payment bf-p1' }));
    server.decide('p1');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Credit GH₵50.00' }));
    await waitFor(() => expect(toasts()).toEqual(['error:This payment was already resolved (credited).']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Credit payment bf-p1' })).toBeNull());
  });

  it('keeps a regular user out', async () => {
    signInAs({ role: 'user' });
    const { calls } = await renderRoute('/adminpayments', reviewServer().handler);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/admin/'))).toBe(false);
    expect(screen.queryByRole('link', { name: 'Flagged payments' })).toBeNull();
  });
});

describe('cause ledger: what a payment review changed', () => {
  it('shows a credited-after-review note and a refund outside the totals', async () => {
    const entries: LedgerEntry[] = [
      {
        id: 'r1',
        kind: 'refund',
        amount: '12.00',
        at: '2026-03-04T09:00:00Z',
        donor_name: 'Yaw Asante',
        description: 'Donation from Yaw Asante refunded',
        note: 'The payment did not match what was asked; it was refunded to the donor and is not part of the balance.',
      },
      {
        id: 'd1',
        kind: 'donation',
        amount: '30.00',
        at: '2026-03-03T09:00:00Z',
        donor_name: null,
        description: 'Donation from an anonymous donor',
        note: 'Credited after review: GH₵30.00 received of GH₵60.00 pledged.',
      },
    ];
    const handler = (call: RecordedCall) => {
      const { path } = route(call);
      if (path === '/api/causes/details/c1/') return json(200, makeCause('c1', { title: 'Water for Tamale', name: 'Water for Tamale' }));
      if (path === '/api/causes/c1/ledger/')
        return json(200, ledgerOf({ totals: { money_in: '30.00', money_out: '0.00', balance: '30.00' }, count: 2, entries }));
      return shellCalls(call) ?? notFound();
    };
    await renderRoute('/causes/c1', handler);
    const section = (await screen.findByRole('heading', { name: 'Where the money goes' })).closest('section')!;
    const s = within(section);
    await waitFor(() => expect(s.getAllByRole('listitem')).toHaveLength(2));
    expect(s.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Yaw AsanteRefunded GH₵12.00The payment did not match what was asked; it was refunded to the donor and is not part of the balance.4 Mar 2026',
      'Anonymous donorIn: +GH₵30.00Credited after review: GH₵30.00 received of GH₵60.00 pledged.3 Mar 2026',
    ]);
  });
});
