import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DonationRecord } from '../../src/shared/contract/donations';
import type { PaymentVerified } from '../../src/shared/contract/payments';
import { getDb } from '../../src/web/features/offline/db';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { pathname, resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const ME = '11111111-1111-4111-8111-111111111111';
const SIGNED = '/api/payments/BFO-1/receipt.pdf?sig=abc&exp=2000000000';
const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const pdf = (marker = 'one') =>
  new Response(new TextEncoder().encode(`%PDF-1.7 ${marker}`), { status: 200, headers: { 'Content-Type': 'application/pdf' } });

let saved: { href: string; download: string }[] = [];
let blobs: Blob[] = [];

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
  await getDb().receipts.clear();
  saved = [];
  blobs = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), `blob:receipt-${blobs.length}`) }));
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  clearToasts();
  signOut();
  await resetGivingState();
  await getDb().receipts.clear();
});

function common(call: RecordedCall): Response | undefined {
  if (pathname(call) === '/api/notifications/unread-count/') return json(200, { count: 0 });
  if (pathname(call).startsWith('/api/cart/')) return json(200, { cart_id: null, items: [], total_amount: '0.00' });
  if (pathname(call) === '/api/donations/') return json(200, { count: 0, next: null, previous: null, results: [] });
  return undefined;
}

const verified: PaymentVerified = {
  reference: 'BFO-1',
  detail: 'Payment verified successfully',
  total_amount: '20.00',
  currency: 'GHS',
  status: 'success',
  message: 'Payment verified successfully',
  receipt_url: SIGNED,
  donations: [{ id: 'd1', cause_id: 'c1', cause_title: 'Surgery for Kwame', amount: '20.00', status: 'completed' }],
};

describe('receipt downloads', () => {
  it('/payment-status: "Download receipt" fetches the signed receipt, shows Downloading..., saves and keeps the PDF', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { calls } = await renderRoute('/payment-status?reference=BFO-1', async (call) => {
      if (pathname(call) === '/api/payments/verify/BFO-1/') return json(200, verified);
      if (pathname(call) === '/api/payments/BFO-1/receipt.pdf') {
        await held;
        return pdf();
      }
      return common(call) ?? json(404, { detail: 'Not found.', code: 'not_found' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download receipt' }));
    const busy = await screen.findByRole('button', { name: 'Downloading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:receipt-1', download: 'boafo-receipt-BFO-1.pdf' }]));
    expect(calls.find((c) => pathname(c) === '/api/payments/BFO-1/receipt.pdf')!.url).toContain('?sig=abc&exp=2000000000');
    expect(await blobs[0].text()).toBe('%PDF-1.7 one');
    expect(((await screen.findByRole('button', { name: 'Download receipt' })) as HTMLButtonElement).disabled).toBe(false);
    await waitFor(async () => expect(await getDb().receipts.count()).toBe(1));
    expect((await getDb().receipts.toArray())[0]).toMatchObject({ key: '|/api/payments/BFO-1/receipt.pdf', owner: '' });
  });

  it('a refused download toasts an error and gives the button back', async () => {
    await renderRoute('/payment-status?reference=BFO-1', (call) => {
      if (pathname(call) === '/api/payments/verify/BFO-1/') return json(200, verified);
      if (pathname(call) === '/api/payments/BFO-1/receipt.pdf')
        return json(403, { detail: 'This receipt link is invalid or has expired.', code: 'permission_denied' });
      return common(call);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(toasts()).toContain('error:This receipt link is invalid or has expired.'));
    expect(saved).toEqual([]);
    expect((screen.getByRole('button', { name: 'Download receipt' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('/donationhistory: a receipt per paid donation and the yearly statement, with the token; offline from the kept copy', async () => {
    signInAs({ id: ME });
    const year = new Date().getUTCFullYear();
    const records: DonationRecord[] = [
      {
        id: 'd1',
        cause_id: 'c1',
        cause_title: 'Surgery for Kwame',
        amount: '20.00',
        status: 'completed',
        donated_at: `${year}-01-15T10:00:00Z`,
        organizer_id: 'o1',
        category: null,
        is_anonymous: false,
        reference: 'BFO-1',
      },
      {
        id: 'd2',
        cause_id: 'c2',
        cause_title: 'Books for Wa',
        amount: '5.00',
        status: 'pending',
        donated_at: `${year - 1}-03-01T10:00:00Z`,
        organizer_id: 'o2',
        category: null,
        is_anonymous: false,
        reference: 'BFO-2',
      },
    ];
    let online = true;
    const { calls } = await renderRoute('/donationhistory', (call) => {
      const path = pathname(call);
      if (path === '/api/donations/') return json(200, { count: 2, next: null, previous: null, results: records });
      if (!online) return undefined;
      if (path === '/api/payments/BFO-1/receipt.pdf') return pdf('receipt');
      if (path === `/api/donations/statement/${year}.pdf`) return pdf('statement');
      return common(call);
    });
    const receipts = await screen.findAllByRole('button', { name: 'Receipt' });
    expect(receipts).toHaveLength(1); // the pending gift has no receipt
    expect(screen.queryByRole('button', { name: `Download ${year - 1} statement` })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `Download ${year} statement` }));
    await waitFor(() => expect(saved.map((s) => s.download)).toEqual([`boafo-statement-${year}.pdf`]));
    const statementCall = calls.find((c) => pathname(c) === `/api/donations/statement/${year}.pdf`)!;
    expect(statementCall.headers.authorization).toMatch(/^Bearer /);

    fireEvent.click(receipts[0]);
    await waitFor(() => expect(saved.map((s) => s.download)).toContain('boafo-receipt-BFO-1.pdf'));
    await waitFor(async () => expect(await getDb().receipts.count()).toBe(2));

    online = false;
    fireEvent.click(screen.getByRole('button', { name: 'Receipt' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2].download).toBe('boafo-receipt-BFO-1.pdf');
    expect(await blobs[2].text()).toBe('%PDF-1.7 receipt');
    expect(toasts().filter((t) => t.startsWith('error:'))).toEqual([]);
  });
});
