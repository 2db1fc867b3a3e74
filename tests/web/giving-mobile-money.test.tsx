// Mobile money in place (issue #30, web): the number and its network on the donation form, checked
// before anything is sent; the status panel fed by the watch_payment socket (a fake WebSocket plays
// the hub) and verify; the OTP path; a failed charge and "Send the prompt again".
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MobileCharge } from '../../src/shared/contract/mobile-money';
import type { PaymentVerified } from '../../src/shared/contract/payments';
import { LAST_PAYMENT_REFERENCE_KEY } from '../../src/shared/payment-status';
import { paymentNavigation } from '../../src/web/features/donation/lib/redirect';
import { mobilePoll } from '../../src/web/features/payment/lib/use-mobile-charge';
import { watchSocket } from '../../src/web/features/payment/lib/watch-payment';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { getDb } from '../../src/web/features/offline/db';
import { FakeSocket } from './helpers/fake-socket';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { pathname, resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const CAUSE = '44444444-4444-4444-8444-444444444444';
const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);

function charge(over: Partial<MobileCharge> = {}): MobileCharge {
  return {
    reference: 'BFO-MOMO-1',
    status: 'pay_offline',
    display_text: 'Please approve the prompt on your phone',
    total_amount: '20.00',
    network: 'mtn',
    phone: '+233 24 123 4567',
    expires_at: new Date(Date.now() + 180_000).toISOString(),
    ...over,
  };
}

function verified(reference: string): PaymentVerified {
  return {
    reference,
    status: 'success',
    message: 'Payment verified successfully',
    total_amount: '20.00',
    donations: [{ id: 'd1', cause_id: CAUSE, cause_title: 'Surgery for Kwame', amount: '20.00' }],
    receipt_url: `/api/receipts/${reference}.pdf?sig=x`,
  } as unknown as PaymentVerified;
}

function common(call: RecordedCall): Response | undefined {
  const path = pathname(call);
  if (path === `/api/causes/details/${CAUSE}/`) return json(200, { id: CAUSE, title: 'Surgery for Kwame', name: 'Surgery for Kwame' });
  if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
  if (path === '/api/user/profile/') return json(200, { first_name: 'Ama', last_name: 'Mensah', email: 'ama@example.com' });
  if (path.startsWith('/api/cart/') && call.method === 'GET') return json(200, { cart_id: 'x', items: [], total_amount: '0.00' });
  return undefined;
}

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
  sessionStorage.clear();
  localStorage.removeItem(LAST_PAYMENT_REFERENCE_KEY);
  FakeSocket.reset();
  paymentNavigation.assign = vi.fn();
  watchSocket.Factory = FakeSocket;
  watchSocket.url = () => 'ws://api.test/ws';
});

afterEach(async () => {
  clearToasts();
  signOut();
  watchSocket.Factory = null;
  watchSocket.url = null;
  mobilePoll.ms = 5000;
  await resetGivingState();
});

async function openForm(handler: (call: RecordedCall) => Response | undefined) {
  const rendered = await renderRoute(`/donation?causeId=${CAUSE}&amount=20`, (call) => handler(call) ?? common(call));
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'kofi@example.com' } });
  fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'mobile_money' } });
  return rendered;
}

const donate = async () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate' })));
const donatePosts = (calls: RecordedCall[]) => calls.filter((c) => pathname(c) === '/api/cart/donate/');

describe('mobile money on the donation form', () => {
  it('shows the number with the network recognised from its prefix, lets the donor change it, and sends nothing for a bad number', async () => {
    const { calls } = await openForm((call) =>
      pathname(call) === '/api/cart/donate/' ? json(200, charge({ network: 'telecel' })) : undefined,
    );
    const phone = screen.getByLabelText('Mobile money number') as HTMLInputElement;
    expect(phone.getAttribute('inputmode')).toBe('tel');
    expect(phone.getAttribute('autocomplete')).toBe('tel');
    const network = screen.getByLabelText('Network') as HTMLSelectElement;
    expect(
      within(network)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose your network', 'MTN MoMo', 'Telecel Cash', 'AT Money']);

    fireEvent.change(phone, { target: { value: '024 123 4567' } });
    expect(network.value).toBe('mtn');
    expect(screen.getByText(/Recognised from the number: MTN MoMo/)).toBeTruthy();
    fireEvent.change(phone, { target: { value: '+233 20 123 4567' } });
    expect(network.value).toBe('telecel');

    // A landline: a field error, focus on the field, nothing sent.
    fireEvent.change(phone, { target: { value: '030 212 3456' } });
    await donate();
    expect(screen.getByRole('alert').textContent).toBe('Enter a Ghana mobile number: 024 123 4567 or +233 24 123 4567.');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    fireEvent.change(phone, { target: { value: '024 12 34' } });
    await donate();
    expect(donatePosts(calls)).toHaveLength(0);

    // A ported number: MTN's prefix, moved to Telecel.
    fireEvent.change(phone, { target: { value: '024 123 4567' } });
    fireEvent.change(network, { target: { value: 'telecel' } });
    expect(network.value).toBe('telecel');
    expect(screen.getByText(/Chosen by you/)).toBeTruthy();
    await donate();
    await screen.findByText('Approve GH₵20.00 on your phone');
    const [post] = donatePosts(calls);
    expect(post.body).toMatchObject({
      payment_method: 'mobile_money',
      mobile_money: { phone: '0241234567', network: 'telecel' },
      donation_amount: '20.00',
      cause_id: CAUSE,
    });
  });

  it('a monthly gift is card only, and says why', async () => {
    signInAs();
    const { calls } = await openForm((call) =>
      pathname(call) === '/api/cart/donate/'
        ? json(200, { reference: 'BFO-M', authorization_url: '/sandbox/checkout/BFO-M', total_amount: '20.00' })
        : undefined,
    );
    expect(screen.getByLabelText('Mobile money number')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Give monthly' }));
    const method = screen.getByLabelText('Payment method') as HTMLSelectElement;
    expect(method.value).toBe('card');
    expect((within(method).getByRole('option', { name: 'Mobile money' }) as HTMLOptionElement).disabled).toBe(true);
    expect(screen.getByText(/Monthly gifts are paid by card/)).toBeTruthy();
    expect(screen.queryByLabelText('Mobile money number')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate monthly' })));
    await waitFor(() => expect(donatePosts(calls)).toHaveLength(1));
    expect(donatePosts(calls)[0].body).toMatchObject({ payment_method: 'card', interval: 'monthly' });
    expect(donatePosts(calls)[0].body).not.toHaveProperty('mobile_money');
  });

  it('waits for the phone: watch_payment on the socket, and the thanks with the receipt when the payment message says success', async () => {
    let paid = false;
    const { calls } = await openForm((call) => {
      const path = pathname(call);
      if (path === '/api/cart/donate/') return json(200, charge());
      if (path === '/api/payments/verify/BFO-MOMO-1/')
        return paid
          ? json(200, verified('BFO-MOMO-1'))
          : json(202, { reference: 'BFO-MOMO-1', status: 'pending', total_amount: '20.00', donations: [] });
      return undefined;
    });
    fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: '0241234567' } });
    await donate();
    expect(await screen.findByRole('heading', { name: 'Approve GH₵20.00 on your phone' })).toBeTruthy();
    expect(screen.getByText('Please approve the prompt on your phone')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^The prompt expires in [23]:\d\d$/);
    expect(screen.getByText('Approve GH₵20.00 on your phone').closest('[aria-live="polite"]')).toBeTruthy();
    expect(localStorage.getItem(LAST_PAYMENT_REFERENCE_KEY)).toBe('BFO-MOMO-1');
    expect(screen.queryByLabelText('Email address')).toBeNull(); // the panel replaces the form

    const socket = FakeSocket.last;
    act(() => socket.serverOpen());
    expect(socket.sent).toEqual([{ type: 'watch_payment', reference: 'BFO-MOMO-1' }]);
    paid = true;
    act(() => socket.serverSend({ type: 'payment', reference: 'BFO-MOMO-1', status: 'success', display_text: 'Paid' }));
    expect(await screen.findByText('Thank you! Your donation has been received.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeTruthy();
    expect(calls.some((c) => pathname(c) === '/api/payments/verify/BFO-MOMO-1/')).toBe(true);
    expect(socket.closedWith).not.toBeNull(); // the watch ends with the payment
  });

  it('an approval that settled before the watch was in place is found by the verify made once the watch is asked for', async () => {
    let settled = false;
    mobilePoll.ms = 3_600_000; // no poll comes to the rescue here: only the verify made on watching can find it
    await openForm((call) => {
      const path = pathname(call);
      if (path === '/api/cart/donate/') return json(200, charge());
      if (path === '/api/payments/verify/BFO-MOMO-1/')
        return settled
          ? json(200, verified('BFO-MOMO-1'))
          : json(202, { reference: 'BFO-MOMO-1', status: 'pending', total_amount: '20.00', donations: [] });
      return undefined;
    });
    fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: '0241234567' } });
    await donate();
    await screen.findByRole('heading', { name: 'Approve GH₵20.00 on your phone' });
    settled = true; // the phone approved before the socket opened; the hub sends nothing for it
    act(() => FakeSocket.last.serverOpen());
    expect(await screen.findByText('Thank you! Your donation has been received.')).toBeTruthy();
  });

  it('the OTP path: focus on the code, a wrong shape is a field error with nothing sent, the right code pays', async () => {
    const { calls } = await openForm((call) => {
      const path = pathname(call);
      if (path === '/api/cart/donate/') return json(200, charge({ status: 'send_otp', display_text: 'Enter the code sent to 0201234560' }));
      if (path === '/api/payments/BFO-MOMO-1/otp/') return json(200, charge({ status: 'success', display_text: 'Paid' }));
      if (path === '/api/payments/verify/BFO-MOMO-1/') return json(200, verified('BFO-MOMO-1'));
      return undefined;
    });
    fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: '020 123 4560' } });
    await donate();
    const otp = (await screen.findByLabelText('Code sent to your phone')) as HTMLInputElement;
    expect(otp.getAttribute('inputmode')).toBe('numeric');
    expect(otp.getAttribute('autocomplete')).toBe('one-time-code');
    await waitFor(() => expect(document.activeElement).toBe(otp));
    expect(screen.getByText('Enter the code sent to 0201234560')).toBeTruthy();

    fireEvent.change(otp, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the code as it came: 4 to 10 digits.');
    expect(calls.filter((c) => pathname(c).endsWith('/otp/'))).toHaveLength(0);

    fireEvent.change(otp, { target: { value: '123 456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm code' })));
    expect(await screen.findByText('Thank you! Your donation has been received.')).toBeTruthy();
    const posts = calls.filter((c) => pathname(c) === '/api/payments/BFO-MOMO-1/otp/');
    expect(posts.map((c) => c.body)).toEqual([{ otp: '123456' }]);
  });

  it('a failed charge says why in plain words; "Send the prompt again" asks for a new prompt under a new reference', async () => {
    const { calls } = await openForm((call) => {
      const path = pathname(call);
      if (path === '/api/cart/donate/') return json(200, charge({ status: 'failed', display_text: 'Not enough money in the wallet' }));
      if (path === '/api/payments/BFO-MOMO-1/resend/') return json(200, charge({ reference: 'BFO-MOMO-2' }));
      if (path.startsWith('/api/payments/verify/'))
        return json(202, { reference: 'BFO-MOMO-2', status: 'pending', total_amount: '20.00', donations: [] });
      return undefined;
    });
    fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: '024 123 4569' } });
    await donate();
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByText('Not enough money in the wallet')).toBeTruthy();
    expect(screen.getByText('Nothing was charged.')).toBeTruthy();
    expect(screen.queryByText(/Please approve/)).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the prompt again' })));
    expect(await screen.findByRole('heading', { name: 'Approve GH₵20.00 on your phone' })).toBeTruthy();
    expect(calls.filter((c) => pathname(c) === '/api/payments/BFO-MOMO-1/resend/')).toHaveLength(1);
    expect(localStorage.getItem(LAST_PAYMENT_REFERENCE_KEY)).toBe('BFO-MOMO-2');
    const socket = FakeSocket.last;
    act(() => socket.serverOpen());
    expect(socket.sent).toEqual([{ type: 'watch_payment', reference: 'BFO-MOMO-2' }]);
    // A late message about the old reference changes nothing.
    act(() => socket.serverSend({ type: 'payment', reference: 'BFO-MOMO-1', status: 'failed', display_text: 'Declined' }));
    expect(screen.getByRole('heading', { name: 'Approve GH₵20.00 on your phone' })).toBeTruthy();
    act(() => socket.serverSend({ type: 'payment', reference: 'BFO-MOMO-2', status: 'failed', display_text: 'Declined on the phone' }));
    expect(await screen.findByText('Declined on the phone')).toBeTruthy();
  });

  it('with the network down, the donor is told to try when online and nothing is queued', async () => {
    await openForm(() => undefined);
    fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: '0241234567' } });
    await donate();
    await waitFor(() =>
      expect(toasts()).toEqual([
        'error:We could not reach Boafo, so no prompt was sent and nothing was charged. Try again when you are online.',
      ]),
    );
    expect(screen.getByLabelText('Mobile money number')).toBeTruthy();
  });

  it('a prompt that lapses unanswered is verified once more, then offers a new prompt', async () => {
    const { calls } = await openForm((call) => {
      const path = pathname(call);
      if (path === '/api/cart/donate/') return json(200, charge({ expires_at: new Date(Date.now() - 1000).toISOString() }));
      if (path === '/api/payments/verify/BFO-MOMO-1/')
        return json(202, { reference: 'BFO-MOMO-1', status: 'pending', total_amount: '20.00', donations: [] });
      return undefined;
    });
    fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: '0241234567' } });
    await donate();
    expect(await screen.findByRole('heading', { name: 'The prompt timed out' })).toBeTruthy();
    expect(calls.filter((c) => pathname(c) === '/api/payments/verify/BFO-MOMO-1/').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Send the prompt again' })).toBeTruthy();
  });
});

describe('mobile money at checkout (several causes)', () => {
  const C2 = '66666666-6666-4666-8666-666666666666';
  it('sends mobile_money with the checkout and follows the charge in place', async () => {
    setOnline(false, true); // keep the cart as seeded
    const line = { category: 'Medical', image: null, quantity: 1, added_at: 1, updated_at: 1 };
    await getDb().cart.bulkPut([
      { ...line, id: CAUSE, cause_id: CAUSE, title: 'Surgery for Kwame', donation_amount: '10.00' },
      { ...line, id: C2, cause_id: C2, title: 'Books for Wa', donation_amount: '10.00' },
    ]);
    const { calls } = await renderRoute(`/multidonation?causes=${CAUSE},${C2}`, (call) =>
      pathname(call) === '/api/cart/checkout/' ? json(200, charge()) : common(call),
    );
    await screen.findByLabelText('Amount for Books for Wa (GHS)');
    setOnline(true);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'kofi@example.com' } });
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'mobile_money' } });
    fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: '0241234567' } });
    await donate();
    expect(await screen.findByRole('heading', { name: 'Approve GH₵20.00 on your phone' })).toBeTruthy();
    const post = calls.find((c) => pathname(c) === '/api/cart/checkout/')!;
    expect(post.body).toMatchObject({ cause_ids: [CAUSE, C2], payment_method: 'mobile_money', mobile_money: { phone: '0241234567' } });
    expect(post.body).not.toHaveProperty('mobile_money.network');
  });
});
