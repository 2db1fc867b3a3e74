/** The donor's history says what was refunded, and a refunded gift keeps its receipt (which lists the refund). */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DonationRecord } from '../../src/shared/contract/donations';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { pathname, resetGivingState, setOnline } from './helpers/giving';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const ME = '11111111-1111-4111-8111-111111111111';

beforeEach(async () => {
  setOnline(true, true);
  await resetGivingState();
});

afterEach(async () => {
  signOut();
  await resetGivingState();
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
    reference: `bf-${id}`,
    ...over,
  };
}

function server(results: DonationRecord[]) {
  return (call: RecordedCall) => {
    const path = pathname(call);
    if (path === '/api/donations/') return json(200, { count: results.length, next: null, previous: null, results });
    if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
    return undefined;
  };
}

describe('/donationhistory refunds', () => {
  it('shows partial and full refunds; a fully refunded gift keeps its receipt, a refunded flagged payment has none', async () => {
    signInAs({ id: ME });
    await renderRoute(
      '/donationhistory',
      server([
        record('1', { cause_title: 'Surgery for Kwame', amount: '100.00', refunded_amount: '30.00' }),
        record('2', { cause_title: 'Books for Wa', amount: '50.00', status: 'refunded', refunded_amount: '50.00' }),
        record('3', { cause_title: 'Borehole in Bolga', amount: '20.00', status: 'refunded', refunded_amount: '0.00' }),
        record('4', { cause_title: 'Clinic in Ho', amount: '5.00' }),
      ]),
    );
    await waitFor(() => expect(document.querySelectorAll('.history-card')).toHaveLength(4));
    const card = (title: string) => screen.getByRole('link', { name: title }).closest('.history-card')!;
    expect(card('Surgery for Kwame').textContent).toContain('GH₵30.00 refunded to you');
    expect(card('Books for Wa').textContent).toContain('GH₵50.00 refunded to you');
    expect(card('Books for Wa').textContent).toContain('Refunded');
    expect(card('Clinic in Ho').textContent).not.toContain('refunded to you');
    const receipts = (title: string) => card(title).querySelectorAll('button, a[href*="receipt"]').length;
    expect(receipts('Clinic in Ho')).toBeGreaterThan(0);
    expect(receipts('Books for Wa')).toBe(receipts('Clinic in Ho'));
    expect(receipts('Borehole in Bolga')).toBe(0);
  });
});
