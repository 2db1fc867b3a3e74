// Mobile money in place against the real API (tests/web/server/global-setup.ts, sandbox provider):
// the form's request, the OTP and resend routes and verify as the server answers them. The socket
// is a fake here (the browser test has the real one); opening it is what makes the page verify.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAST_PAYMENT_REFERENCE_KEY } from '../../src/shared/payment-status';
import { watchSocket } from '../../src/web/features/payment/lib/watch-payment';
import { clearToasts } from '../../src/web/stores/toast-store';
import { apiServer, pathOnly, serverFetch, useApiServer } from './helpers/api-server';
import { FakeSocket } from './helpers/fake-socket';
import { resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signOut } from './helpers/render-route';

const { causes } = apiServer();
let net: ReturnType<typeof serverFetch>;

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
  sessionStorage.clear();
  useApiServer();
  net = serverFetch();
  FakeSocket.reset();
  watchSocket.Factory = FakeSocket;
  watchSocket.url = () => 'ws://api.test/ws';
});

afterEach(async () => {
  clearToasts();
  signOut();
  watchSocket.Factory = null;
  watchSocket.url = null;
  await resetGivingState();
});

async function give(phone: string, email: string) {
  await renderRoute(`/donation?causeId=${causes[2].id}&amount=20`, net.handler);
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'mobile_money' } });
  fireEvent.change(screen.getByLabelText('Mobile money number'), { target: { value: phone } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate' })));
}

const reference = () => localStorage.getItem(LAST_PAYMENT_REFERENCE_KEY);

describe('mobile money against the real API (sandbox)', () => {
  it('waits for the phone; once approved, the page finds it and thanks with the receipt', async () => {
    await give('024 555 1231', 'kofi.wait@example.com');
    await screen.findByRole('heading', { name: 'Approve GH₵20.00 on your phone' }, { timeout: 10_000 });
    // The page keeps the reference in an effect after the prompt shows: wait for it, not for the heading alone.
    const ref = await waitFor(() => {
      const stored = reference();
      if (!stored) throw new Error('no reference yet');
      return stored;
    });
    const approve = await fetch(`${apiServer().url}/sandbox/momo/${ref}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ outcome: 'approve' }),
    });
    expect(approve.status).toBeLessThan(400);
    act(() => FakeSocket.last.serverOpen());
    expect(FakeSocket.last.sent).toEqual([{ type: 'watch_payment', reference: ref }]);
    expect(await screen.findByText('Thank you! Your donation has been received.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Donations paid' }).textContent).toContain(causes[2].title);
  });

  it('a number ending in 0 asks for the code; 123456 pays', async () => {
    await give('024 555 1230', 'kofi.otp@example.com');
    const otp = await screen.findByLabelText('Code sent to your phone', undefined, { timeout: 10_000 });
    fireEvent.change(otp, { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm code' })));
    expect(await screen.findByText('Thank you! Your donation has been received.', undefined, { timeout: 10_000 })).toBeTruthy();
    const ref = reference()!;
    expect(net.calls.filter((c) => pathOnly(c) === `/api/payments/${ref}/otp/`).map((c) => c.body)).toEqual([{ otp: '123456' }]);
  });

  it('a number ending in 9 fails in plain words; "Send the prompt again" asks under a new reference', async () => {
    await give('024 555 1239', 'kofi.broke@example.com');
    await screen.findByRole('heading', { name: 'Payment not completed' }, { timeout: 10_000 });
    expect(screen.getByText(/Not enough money/)).toBeTruthy();
    const first = reference()!;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the prompt again' })));
    await waitFor(() => expect(reference()).not.toBe(first), { timeout: 10_000 });
    expect(net.calls.filter((c) => pathOnly(c) === `/api/payments/${first}/resend/`)).toHaveLength(1);
    // The same number fails again (the sandbox decides by its last digit), now under the new reference.
    await screen.findByRole('heading', { name: 'Payment not completed' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
