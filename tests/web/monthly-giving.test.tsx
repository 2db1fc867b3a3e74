/**
 * Monthly giving in the PWA: the "Give monthly" box on the donation form (signed in only, sends
 * interval monthly) and the Monthly gifts section of /donationhistory (confirm, disabled while
 * cancelling, toast on success, an error toast and the gift kept when cancelling fails).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStart } from '../../src/shared/contract/cart';
import type { SubscriptionSummary } from '../../src/shared/contract/subscriptions';
import { paymentNavigation } from '../../src/web/features/donation/lib/redirect';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { deferred, json, type RecordedCall } from './helpers/fake-fetch';
import { pathname, resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const CAUSE = '44444444-4444-4444-8444-444444444444';
const START: PaymentStart = {
  authorization_url: '/sandbox/checkout/BFO-REF-9',
  reference: 'BFO-REF-9',
  total_amount: '25.00',
  subscription_code: 'bfs-abc',
};
const assign = vi.fn();

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
  sessionStorage.clear();
  assign.mockReset();
  paymentNavigation.assign = assign;
});

afterEach(async () => {
  clearToasts();
  signOut();
  await resetGivingState();
});

function common(call: RecordedCall): Response | undefined {
  const path = pathname(call);
  if (path === `/api/causes/details/${CAUSE}/`) return json(200, { id: CAUSE, title: 'Surgery for Kwame', name: 'Surgery for Kwame' });
  if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
  if (path === '/api/user/profile/') return json(200, { first_name: 'Ama', last_name: 'Mensah', email: 'ama@example.com' });
  if (path.startsWith('/api/cart/') && call.method === 'GET') return json(200, { cart_id: 'x', items: [], total_amount: '0.00' });
  if (path === '/api/donations/') return json(200, { count: 0, next: null, previous: null, results: [] });
  return undefined;
}

const GIFT: SubscriptionSummary = {
  code: 'bfs-abc',
  status: 'active',
  interval: 'monthly',
  total_amount: '25.00',
  causes: [{ cause_id: CAUSE, cause_title: 'Surgery for Kwame', amount: '25.00' }],
  payment_method: 'card',
  next_charge_at: '2026-12-26T04:00:00.000Z',
  charges: 3,
  created_at: '2026-09-26T04:00:00.000Z',
  cancelled_at: null,
};

describe('Give monthly on the donation form', () => {
  it('a signed-in donor ticks Give monthly: the request says interval monthly and the button says so', async () => {
    signInAs();
    const { calls } = await renderRoute(`/donation?causeId=${CAUSE}&amount=25`, (call) =>
      pathname(call) === '/api/cart/donate/' ? json(200, START) : common(call),
    );
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ama'));
    const box = screen.getByRole('checkbox', { name: 'Give monthly' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(screen.getByText(/given again every month/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate monthly' })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/checkout/BFO-REF-9'));
    const [post] = calls.filter((c) => pathname(c) === '/api/cart/donate/');
    expect(post.body).toMatchObject({ cause_id: CAUSE, donation_amount: '25.00', interval: 'monthly' });
  });

  it('a one-off gift sends no interval', async () => {
    signInAs();
    const { calls } = await renderRoute(`/donation?causeId=${CAUSE}&amount=25`, (call) =>
      pathname(call) === '/api/cart/donate/' ? json(200, START) : common(call),
    );
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ama'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate' })));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(calls.find((c) => pathname(c) === '/api/cart/donate/')!.body).not.toHaveProperty('interval');
  });

  it('guests see no Give monthly box', async () => {
    await renderRoute(`/donation?causeId=${CAUSE}&amount=25`, common);
    expect(screen.queryByRole('checkbox', { name: 'Give monthly' })).toBeNull();
    expect(screen.getByText('Sign in to make this a monthly gift.')).toBeTruthy();
  });
});

describe('Monthly gifts on /donationhistory', () => {
  it('lists the gift and cancels it after a confirm, the button disabled while cancelling, with a toast', async () => {
    signInAs();
    const pending = deferred<Response>();
    const { calls } = await renderRoute('/donationhistory', (call) => {
      const path = pathname(call);
      if (path === '/api/subscriptions/') return json(200, [GIFT]);
      if (path === '/api/subscriptions/bfs-abc/' && call.method === 'DELETE') return pending.promise;
      return common(call);
    });
    const section = await screen.findByRole('region', { name: 'Monthly gifts' });
    const card = within(section).getByRole('listitem', { name: 'Monthly gift to Surgery for Kwame' });
    expect(card.textContent).toContain('GH₵25.00 / month');
    expect(card.textContent).toContain('3 months given');
    expect(card.textContent).toContain('Active');

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel monthly gift' }));
    expect(within(card).getByText('Stop this monthly gift? No later month will be charged.')).toBeTruthy();
    // Keep it: nothing is sent.
    fireEvent.click(within(card).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel monthly gift' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, cancel it' }));
    const busy = await within(card).findByRole('button', { name: 'Cancelling…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(busy);
    await act(async () => pending.resolve(new Response(null, { status: 204 })));
    await waitFor(() => expect(toasts()).toEqual(['success:Monthly gift cancelled']));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(card.textContent).toContain('Cancelled');
    expect(within(card).queryByRole('button', { name: 'Cancel monthly gift' })).toBeNull();
  });

  it('a failed cancel toasts an error and keeps the gift active', async () => {
    signInAs();
    await renderRoute('/donationhistory', (call) => {
      const path = pathname(call);
      if (path === '/api/subscriptions/') return json(200, [GIFT]);
      if (path === '/api/subscriptions/bfs-abc/') return json(502, { detail: 'Unable to cancel', code: 'server_error' });
      return common(call);
    });
    const card = await screen.findByRole('listitem', { name: 'Monthly gift to Surgery for Kwame' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel monthly gift' }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Yes, cancel it' })));
    await waitFor(() => expect(toasts()).toEqual(['error:Could not cancel the monthly gift. Please try again.']));
    expect(card.textContent).toContain('Active');
    expect((within(card).getByRole('button', { name: 'Yes, cancel it' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows no section without monthly gifts', async () => {
    signInAs();
    await renderRoute('/donationhistory', (call) => (pathname(call) === '/api/subscriptions/' ? json(200, []) : common(call)));
    await screen.findByText('No donation history yet.');
    expect(screen.queryByRole('region', { name: 'Monthly gifts' })).toBeNull();
  });
});
