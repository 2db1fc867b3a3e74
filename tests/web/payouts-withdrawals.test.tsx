import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../src/shared/contract/payouts';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { balanceOf, makeWithdrawal, MOMO_DETAILS, notFound, route, shellCalls } from './helpers/payouts';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const ORGANIZER = 'org-1';

afterEach(() => {
  clearToasts();
  signOut();
});

interface Options {
  details?: unknown;
  post?: (call: RecordedCall) => Response;
  history?: Withdrawal[];
  balance?: ReturnType<typeof balanceOf>;
}

async function openPage(options: Options = {}, as = ORGANIZER) {
  signInAs({ id: as });
  let history = options.history ?? [
    makeWithdrawal('w1', { status: 'paid', amount: '100.00', paid_at: '2026-03-03T09:00:00Z' }),
    makeWithdrawal('w2', { status: 'rejected', amount: '40.00', rejection_reason: 'Please share the hospital invoice first.' }),
  ];
  let balance = options.balance ?? balanceOf();
  const result = await renderRoute('/causes/c1/withdrawals', (call) => {
    const { path, query } = route(call);
    if (path === '/api/causes/details/c1/')
      return json(200, makeCause('c1', { title: 'Water for Tamale', name: 'Water for Tamale', organizer_id: ORGANIZER }));
    if (path === '/api/causes/c1/balance/')
      return as === ORGANIZER ? json(200, balance) : json(403, { detail: 'No.', code: 'permission_denied' });
    if (path === '/api/withdrawals/' && call.method === 'GET') {
      expect(query.get('cause_id')).toBe('c1');
      return json(200, { count: history.length, next: null, previous: null, results: history });
    }
    if (path === '/api/withdrawals/' && call.method === 'POST') {
      const answer = options.post?.(call);
      if (answer) return answer;
      const created = makeWithdrawal('w3', { amount: (call.body as { amount: string }).amount });
      history = [created, ...history];
      balance = balanceOf({ pending: '150.00', available: '250.00' });
      return json(201, created);
    }
    return shellCalls(call, { withdrawal_address: options.details === undefined ? MOMO_DETAILS : options.details }) ?? notFound();
  });
  return result;
}

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/withdrawals/' && c.method === 'POST');

describe('/causes/$id/withdrawals', () => {
  it('shows the balance, the destination and the history with human status labels and reasons', async () => {
    await openPage();
    expect(await screen.findByRole('heading', { level: 1, name: /Water for Tamale/ })).toBeTruthy();
    const balance = (await screen.findByRole('heading', { name: 'Balance' })).closest('section')!;
    await waitFor(() => expect(within(balance).getByText('Available').nextElementSibling!.textContent).toBe('GH₵350.00'));
    expect(within(balance).getByText('Raised').nextElementSibling!.textContent).toBe('GH₵500.00');
    expect(within(balance).getByText('Withdrawn').nextElementSibling!.textContent).toBe('GH₵100.00');
    expect(within(balance).getByText('Pending').nextElementSibling!.textContent).toBe('GH₵50.00');
    // Nothing held: no Held row to puzzle over.
    expect(within(balance).queryByText(/^Held/)).toBeNull();
    expect(await screen.findByText(/Mobile money · MTN Mobile Money •••• 4567/)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Withdrawals' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByText('Paid')).toBeTruthy();
    expect(within(items[1]).getByText('Rejected')).toBeTruthy();
    expect(within(items[1]).getByText('Reason: Please share the hospital invoice first.')).toBeTruthy();
  });

  it('card money still clearing shows as Held, explaining why Available is below Raised', async () => {
    await openPage({ balance: balanceOf({ held: '120.00', available: '230.00' }) });
    const balance = (await screen.findByRole('heading', { name: 'Balance' })).closest('section')!;
    await waitFor(() =>
      expect(within(balance).getByText('Held (card payments clearing)').nextElementSibling!.textContent).toBe('GH₵120.00'),
    );
    expect(within(balance).getByText('Available').nextElementSibling!.textContent).toBe('GH₵230.00');
  });

  it('blocks amounts over the available balance, above 2 decimals and zero on the device', async () => {
    const { calls } = await openPage();
    const amount = await screen.findByLabelText('Amount (GHS)');
    const submit = screen.getByRole('button', { name: 'Request withdrawal' });
    const error = () => document.getElementById(amount.getAttribute('aria-describedby')!.split(' ')[1])?.textContent;

    fireEvent.change(amount, { target: { value: '350.01' } });
    fireEvent.click(submit);
    expect(error()).toBe('The most you can withdraw now is GH₵350.00.');
    fireEvent.change(amount, { target: { value: '10.555' } });
    fireEvent.click(submit);
    expect(error()).toBe('Use at most 2 decimal places (pesewas).');
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(submit);
    expect(error()).toBe('Enter an amount greater than GH₵0.00.');
    fireEvent.change(amount, { target: { value: 'abc' } });
    fireEvent.click(submit);
    expect(error()).toBe('Enter an amount in cedis, for example 150 or 150.50.');
    expect(posts(calls)).toHaveLength(0);
  });

  it('requests a valid amount, toasts, and refreshes the balance and history', async () => {
    const { calls } = await openPage();
    fireEvent.change(await screen.findByLabelText('Amount (GHS)'), { target: { value: '100.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(toasts()).toEqual(['success:Withdrawal requested']));
    expect(posts(calls).map((c) => c.body)).toEqual([{ cause_id: 'c1', amount: '100.50' }]);
    await waitFor(() => expect(screen.getByTestId('available').textContent).toBe('GH₵250.00'));
    const list = screen.getByRole('list', { name: 'Withdrawals' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(within(list).getAllByRole('listitem')[0]).getByText('Waiting for review')).toBeTruthy();
    expect((screen.getByLabelText('Amount (GHS)') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's amount error inline", async () => {
    await openPage({
      post: () =>
        json(400, {
          detail: 'Invalid input.',
          code: 'validation_error',
          errors: { amount: ['The most you can withdraw now is GH₵200.00.'] },
        }),
    });
    fireEvent.change(await screen.findByLabelText('Amount (GHS)'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The most you can withdraw now is GH₵200.00.');
    expect(toasts()).toEqual([]);
  });

  it('without withdrawal details: links to profile settings and keeps the request disabled', async () => {
    await openPage({ details: null });
    const link = await screen.findByRole('link', { name: 'Add withdrawal details' });
    expect(link.getAttribute('href')).toBe('/profilesettings');
    expect((screen.getByRole('button', { name: 'Request withdrawal' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's 'add details first' refusal with the link", async () => {
    await openPage({
      post: () =>
        json(400, {
          detail: 'Add your withdrawal details in profile settings first.',
          code: 'validation_error',
          errors: { withdrawal_address: ['Add your withdrawal details in profile settings first.'] },
        }),
    });
    fireEvent.change(await screen.findByLabelText('Amount (GHS)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Add your withdrawal details in profile settings first\./);
    expect(within(alert).getByRole('link', { name: 'Add withdrawal details' }).getAttribute('href')).toBe('/profilesettings');
  });

  it('someone else sees an access message and no balance', async () => {
    const { calls } = await openPage({}, 'someone-else');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access to these withdrawals' })).toBeTruthy();
    expect(screen.getByText('Only the organizer of this cause can see and request its withdrawals.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/balance/'))).toBe(false);
  });

  it('signed out: the guard sends you to sign in', async () => {
    const { router } = await renderRoute('/causes/c1/withdrawals', () => notFound());
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });
});
