import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStart } from '../../src/shared/contract/cart';
import { causeUpdateSms } from '../../src/server/sms/sms-text';
import { paymentNavigation } from '../../src/web/features/donation/lib/redirect';
import { PostUpdateForm } from '../../src/web/features/updates/components/post-update-form';
import { updateSms } from '../../src/web/features/updates/lib/update-sms';
import { clearToasts } from '../../src/web/stores/toast-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { pathname, resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signOut } from './helpers/render-route';

const CAUSE = '44444444-4444-4444-8444-444444444444';
const START: PaymentStart = { authorization_url: '/sandbox/checkout/BFO-SMS-1', reference: 'BFO-SMS-1', total_amount: '25.00' };

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
  sessionStorage.clear();
  paymentNavigation.assign = vi.fn();
});

afterEach(async () => {
  clearToasts();
  signOut();
  await resetGivingState();
});

function answers(call: RecordedCall): Response | undefined {
  const path = pathname(call);
  if (path === `/api/causes/details/${CAUSE}/`) return json(200, { id: CAUSE, title: 'Surgery for Kwame', name: 'Surgery for Kwame' });
  if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
  if (path === '/api/cart/donate/') return json(200, START);
  if (path.startsWith('/api/cart/') && call.method === 'GET') return json(200, { cart_id: 'x', items: [], total_amount: '0.00' });
  return undefined;
}

describe('texts on the donation form and the update composer', () => {
  it('sends "Text me" with the phone beside it, and asks for a Ghana mobile number first', async () => {
    const { calls } = await renderRoute(`/donation?causeId=${CAUSE}&amount=25`, answers);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'kofi@example.com' } });
    const box = screen.getByRole('checkbox', { name: "Text me my receipt and this cause's news (SMS)" });
    fireEvent.click(box);
    // Ticked with no number to text: the reason sits by the phone, which gets the focus; nothing is sent.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate' })));
    expect((await screen.findByRole('alert')).textContent).toBe('To get texts, enter a Ghana mobile number such as 024 123 4567.');
    await waitFor(() => expect(document.activeElement?.id).toBe('donor-phone'));
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => pathname(c) === '/api/cart/donate/')).toBe(false);

    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '024 123 4567' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate' })));
    await waitFor(() => expect(calls.some((c) => pathname(c) === '/api/cart/donate/')).toBe(true));
    const post = calls.find((c) => pathname(c) === '/api/cart/donate/')!;
    expect(post.body).toMatchObject({ phone_country_code: '+233', phone_number: '024 123 4567', sms_opt_in: true });
  });

  it('counts the SMS parts of an update live, as the server frames it', async () => {
    render(<PostUpdateForm causeId="c1" causeTitle="Water for Tamale" onPosted={() => {}} />);
    const body = screen.getByLabelText('What is new?');
    const hint = () => document.getElementById('update-sms-count')!.textContent;
    expect(hint()).toBe('');
    fireEvent.change(body, { target: { value: 'The borehole is dug.' } });
    expect(hint()).toBe("Donors who chose texts get this by SMS with the cause's name: 38 characters, 1 SMS (122 left in this one).");
    fireEvent.change(body, { target: { value: 'Price: €20 '.repeat(13) } });
    expect(hint()).toMatch(/: 173 characters, 2 SMS parts \(133 left in this one\)\.$/);
    fireEvent.change(body, { target: { value: 'Yɛda mo ase!' } });
    expect(hint()).toMatch(/: 30 characters, 1 SMS \(40 left in this one\)\. ɛ is outside the SMS alphabet/);
    // The web's frame is the server's, for any title and body.
    for (const [title, text] of [
      ['Water for Tamale', ' The borehole is dug. '],
      ['A “very” long cause name that goes on — and on and on', 'Thank you!'],
    ]) {
      expect(updateSms(title, text).text).toBe(causeUpdateSms('en', { causeTitle: title, body: text }));
    }
  });
});
