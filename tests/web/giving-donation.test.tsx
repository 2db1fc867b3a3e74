import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_PAYMENT_REFERENCE_KEY } from '../../src/shared/payment-status';
import type { PaymentStart } from '../../src/shared/contract/cart';
import { evenSplit } from '../../src/web/features/donation/lib/split';
import { createAttemptKeys } from '../../src/web/features/donation/lib/attempt-key';
import { paymentNavigation } from '../../src/web/features/donation/lib/redirect';
import { getDb } from '../../src/web/features/offline/db';
import { STORAGE_KEYS } from '../../src/web/lib/storage-keys';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { pathname, resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const CAUSE = '44444444-4444-4444-8444-444444444444';
const START: PaymentStart = { authorization_url: '/sandbox/checkout/BFO-REF-1', reference: 'BFO-REF-1', total_amount: '25.00' };
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
  setOnline(true, true);
  await resetGivingState();
});

function common(call: RecordedCall): Response | undefined {
  const path = pathname(call);
  if (path === `/api/causes/details/${CAUSE}/`) return json(200, { id: CAUSE, title: 'Surgery for Kwame', name: 'Surgery for Kwame' });
  if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
  if (path === '/api/user/profile/')
    return json(200, { first_name: 'Ama', last_name: 'Mensah', email: 'ama@example.com', phone_number: '201234567' });
  if (path.startsWith('/api/cart/') && call.method === 'GET') return json(200, { cart_id: 'x', items: [], total_amount: '0.00' });
  return undefined;
}

async function fillGuest() {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Kofi' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Boateng' } });
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'kofi@example.com' } });
}

const donateButton = () => screen.getByRole('button', { name: 'Donate' });

describe('/donation form', () => {
  it('prefills the amount when numeric and the donor from the profile; has the spec fields', async () => {
    signInAs();
    await renderRoute(`/donation?causeId=${CAUSE}&amount=25.50`, common);
    expect(await screen.findByText('Surgery for Kwame')).toBeTruthy();
    expect((screen.getByLabelText('Donation amount (GHS)') as HTMLInputElement).value).toBe('25.50');
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ama'));
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Mensah');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ama@example.com');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('201234567');
    const codes = within(screen.getByLabelText('Phone country code'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(codes).toEqual(['GH +233', 'US +1', 'GB +44', 'CA +1', 'AU +61']);
    expect(
      within(screen.getByLabelText('Payment method'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Card', 'Mobile money']);
    expect(screen.getByRole('checkbox', { name: 'Donate anonymously' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Cart, / })).toBeTruthy();
    expect(screen.getByLabelText('Search causes')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back' })).toBeTruthy();
  });

  it('a non-numeric amount in the query is not prefilled', async () => {
    await renderRoute(`/donation?causeId=${CAUSE}&amount=lots`, common);
    expect((screen.getByLabelText('Donation amount (GHS)') as HTMLInputElement).value).toBe('');
  });

  it('validates: amount must be a number > 0; a missing cause is refused; nothing is sent', async () => {
    const { calls } = await renderRoute(`/donation?causeId=${CAUSE}`, common);
    await fillGuest();
    for (const bad of ['', '0', '-5', 'abc', '1.234']) {
      clearToasts();
      fireEvent.change(screen.getByLabelText('Donation amount (GHS)'), { target: { value: bad } });
      fireEvent.submit(donateButton().closest('form')!);
      expect(toasts()).toEqual(['warning:Please enter a valid donation amount']);
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    clearToasts();
    await renderRoute('/donation?amount=20', common);
    fireEvent.submit(screen.getAllByRole('button', { name: 'Donate' }).at(-1)!.closest('form')!);
    expect(toasts()).toEqual(['error:Missing cause reference']);
  });

  it('a failed start toasts, and the retry reuses the Idempotency-Key; success stores the reference and leaves for the provider', async () => {
    let answer: () => Response = () => json(500, { detail: 'boom' });
    const { calls } = await renderRoute(`/donation?causeId=${CAUSE}&amount=25`, (call) =>
      pathname(call) === '/api/cart/donate/' ? answer() : common(call),
    );
    localStorage.setItem(STORAGE_KEYS.cartId, '55555555-5555-4555-8555-555555555555');
    await fillGuest();
    // Card goes to the hosted checkout (mobile money is charged in place: giving-mobile-money.test.tsx).
    fireEvent.click(screen.getByRole('checkbox', { name: 'Donate anonymously' }));

    await act(async () => fireEvent.click(donateButton()));
    await waitFor(() => expect(toasts()).toEqual(['error:Failed to initiate donation']));
    answer = () => json(200, START);
    await act(async () => fireEvent.click(donateButton()));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/checkout/BFO-REF-1'));

    const posts = calls.filter((c) => pathname(c) === '/api/cart/donate/');
    expect(posts).toHaveLength(2);
    expect(posts[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].headers['idempotency-key']).toBe(posts[0].headers['idempotency-key']);
    expect(posts[1].body).toEqual({
      email: 'kofi@example.com',
      first_name: 'Kofi',
      last_name: 'Boateng',
      country: 'GHANA',
      payment_method: 'card',
      is_anonymous: true,
      cause_id: CAUSE,
      donation_amount: '25.00',
      quantity: 1,
      cart_id: '55555555-5555-4555-8555-555555555555',
    });
    expect(localStorage.getItem(LAST_PAYMENT_REFERENCE_KEY)).toBe('BFO-REF-1');
    // The redirect screen covers the form while the provider's page loads.
    expect(screen.getByText('Redirecting you to the payment')).toBeTruthy();
    expect(screen.getByText('Please wait while we securely transfer you to our payment partner')).toBeTruthy();
  });

  it('a changed detail is a new attempt with a new key; a double click sends once', async () => {
    let release!: (r: Response) => void;
    const { calls } = await renderRoute(`/donation?causeId=${CAUSE}&amount=25`, (call) => {
      if (pathname(call) === '/api/cart/donate/') return new Promise<Response>((resolve) => (release = resolve));
      return common(call);
    });
    await fillGuest();
    fireEvent.click(donateButton());
    fireEvent.click(screen.getByRole('button', { name: /Starting payment|Donate/ }));
    await waitFor(() => expect(calls.filter((c) => pathname(c) === '/api/cart/donate/')).toHaveLength(1));
    await act(async () => release(json(200, { reference: 'x' })));
    await waitFor(() => expect(toasts()).toEqual(['error:Unable to start payment']));
    expect(assign).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Donation amount (GHS)'), { target: { value: '30' } });
    fireEvent.click(donateButton());
    await waitFor(() => expect(calls.filter((c) => pathname(c) === '/api/cart/donate/')).toHaveLength(2));
    const [first, second] = calls.filter((c) => pathname(c) === '/api/cart/donate/');
    expect(second.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
  });

  it('offline: Donate is disabled and says why; what was typed stays', async () => {
    await renderRoute(`/donation?causeId=${CAUSE}&amount=25`, common);
    await fillGuest();
    act(() => setOnline(false));
    const button = screen.getByRole('button', { name: 'Donating needs a connection' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/donating needs an internet connection/)).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Kofi');
    act(() => setOnline(true));
    expect((donateButton() as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByLabelText('Donation amount (GHS)') as HTMLInputElement).value).toBe('25.00');
  });
});

describe('/multidonation', () => {
  const C1 = '66666666-6666-4666-8666-666666666661';
  const C2 = '66666666-6666-4666-8666-666666666662';
  const C3 = '66666666-6666-4666-8666-666666666663';

  async function seed() {
    setOnline(false, true); // keep the cart as seeded
    await getDb().cart.bulkPut([
      {
        id: C1,
        cause_id: C1,
        title: 'Surgery for Kwame',
        category: 'Medical',
        image: null,
        donation_amount: '10.00',
        quantity: 2,
        added_at: 1,
        updated_at: 1,
      },
      {
        id: C2,
        cause_id: C2,
        title: 'Books for Wa',
        category: 'Education',
        image: null,
        donation_amount: '5.00',
        quantity: 1,
        added_at: 2,
        updated_at: 2,
      },
      {
        id: C3,
        cause_id: C3,
        title: 'Borehole in Bolga',
        category: 'Water',
        image: null,
        donation_amount: '7.50',
        quantity: 1,
        added_at: 3,
        updated_at: 3,
      },
    ]);
  }

  it('evenSplit gives the remainder pesewas to the first cause and sums to the total', () => {
    expect(evenSplit(1000, 3)).toEqual([334, 333, 333]);
    expect(evenSplit(1001, 2)).toEqual([501, 500]);
    expect(evenSplit(900, 3)).toEqual([300, 300, 300]);
    expect(evenSplit(500, 0)).toEqual([]);
  });

  it('shows the ticked causes with their cart amounts; Together previews the split and sends mode together', async () => {
    await seed();
    const { calls } = await renderRoute(`/multidonation?causes=${C1},${C2},${C3}`, (call) =>
      pathname(call) === '/api/cart/checkout/' ? json(200, START) : common(call),
    );
    expect(((await screen.findByLabelText('Amount for Surgery for Kwame (GHS)')) as HTMLInputElement).value).toBe('20.00');
    expect((screen.getByLabelText('Amount for Books for Wa (GHS)') as HTMLInputElement).value).toBe('5.00');
    expect(
      within(screen.getByLabelText('Country'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GHANA', 'NIGERIA', 'SOUTH AFRICA', 'UK', 'USA']);
    expect(
      within(screen.getByLabelText('Choose how you want to donate'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Separately', 'Together']);

    fireEvent.change(screen.getByLabelText('Choose how you want to donate'), { target: { value: 'together' } });
    await waitFor(() => expect((screen.getByLabelText('Total amount (GHS)') as HTMLInputElement).value).toBe('32.50'));
    fireEvent.change(screen.getByLabelText('Total amount (GHS)'), { target: { value: '10' } });
    const preview = within(screen.getByRole('list', { name: 'Split preview' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(preview).toEqual(['Surgery for KwameGH₵3.34', 'Books for WaGH₵3.33', 'Borehole in BolgaGH₵3.33']);

    setOnline(true, true);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'kofi@example.com' } });
    act(() => window.dispatchEvent(new Event('online')));
    await act(async () => fireEvent.click(donateButton()));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(START.authorization_url));
    const post = calls.find((c) => pathname(c) === '/api/cart/checkout/')!;
    expect(post.body).toMatchObject({ mode: 'together', total_amount: '10.00', cause_ids: [C1, C2, C3], email: 'kofi@example.com' });
    expect(post.headers['idempotency-key']).toBeTruthy();
  });

  it('Separately: untouched cart amounts pay the cart lines (mode cart); a changed amount sends mode separately', async () => {
    await seed();
    let answer = () => json(500, {});
    const { calls } = await renderRoute(`/multidonation?causes=${C1},${C2}`, (call) =>
      pathname(call) === '/api/cart/checkout/' ? answer() : common(call),
    );
    await screen.findByLabelText('Amount for Books for Wa (GHS)');
    expect(screen.queryByLabelText('Amount for Borehole in Bolga (GHS)')).toBeNull();
    setOnline(true, true);
    act(() => window.dispatchEvent(new Event('online')));
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'kofi@example.com' } });
    await act(async () => fireEvent.click(donateButton()));
    await waitFor(() => expect(toasts()).toContain('error:Failed to initiate donation'));
    let posts = calls.filter((c) => pathname(c) === '/api/cart/checkout/');
    expect(posts[0].body).toMatchObject({ mode: 'cart', cause_ids: [C1, C2] });
    expect(posts[0].body).not.toHaveProperty('amounts');

    fireEvent.change(screen.getByLabelText('Amount for Books for Wa (GHS)'), { target: { value: '0' } });
    clearToasts();
    fireEvent.click(donateButton());
    expect(toasts()).toEqual(['warning:Please enter a valid donation amount']);

    answer = () => json(200, START);
    fireEvent.change(screen.getByLabelText('Amount for Books for Wa (GHS)'), { target: { value: '12.5' } });
    await act(async () => fireEvent.click(donateButton()));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    posts = calls.filter((c) => pathname(c) === '/api/cart/checkout/');
    expect(posts[1].body).toMatchObject({ mode: 'separately', cause_ids: [C1, C2], amounts: { [C1]: '20.00', [C2]: '12.50' } });
    expect(posts[1].headers['idempotency-key']).not.toBe(posts[0].headers['idempotency-key']);
  });

  it('createAttemptKeys: same details, same key; new details, new key', () => {
    let n = 0;
    const keys = createAttemptKeys(() => `k${++n}`);
    expect(keys.keyFor({ a: 1 })).toBe('k1');
    expect(keys.keyFor({ a: 1 })).toBe('k1');
    expect(keys.keyFor({ a: 2 })).toBe('k2');
  });
});

describe('/redirectingmodal', () => {
  it('shows the texts and the dots change every 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await renderRoute('/redirectingmodal', common);
      const dots = screen.getByTestId('redirect-dots');
      expect(screen.getByText('Redirecting you to the payment')).toBeTruthy();
      expect(screen.getByText('Please wait while we securely transfer you to our payment partner')).toBeTruthy();
      const seen = [dots.textContent];
      for (let i = 0; i < 4; i++) {
        act(() => vi.advanceTimersByTime(500));
        seen.push(dots.textContent);
      }
      expect(seen).toEqual(['', '.', '..', '...', '']);
    } finally {
      vi.useRealTimers();
    }
  });
});
