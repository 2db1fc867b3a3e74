import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewPeriod } from '../../src/shared/contract/admin';
import type { Cause } from '../../src/shared/contract/causes';
import { formatGhs } from '../../src/shared/money';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

afterEach(() => {
  clearToasts();
  signOut();
});

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);

function pending(id: string, name: string): Cause {
  return {
    id,
    name,
    title: name,
    description: '',
    cover_image: null,
    image: null,
    cover_image_sizes: null,
    target_amount: '5000.00',
    current_amount: '0.00',
    organizer_id: 'org-1',
    organizer_name: 'Kojo Owusu',
    category: { id: 'c1', name: 'Education' },
    location: 'Tamale',
    created_at: '2026-11-20T08:15:00Z',
    updated_at: '2026-11-20T08:15:00Z',
    status: 'under_review',
    is_active: false,
    accepts_donations_after_goal: false,
    accepts_donations: false,
    donor_count: 0,
    rejection_reason: null,
  };
}

/** A tiny in-memory review server: approve/reject move causes out of the queue and into the totals. */
function reviewServer(options: { failApprove?: boolean } = {}) {
  let queue = [pending('c1', 'Books for Wa'), pending('c2', 'Clinic in Ho'), pending('c3', 'Water for Yendi')];
  const decided = { accepted: 0, rejected: 0 };
  const base: Record<ReviewPeriod, { accepted: number; rejected: number }> = {
    week: { accepted: 1, rejected: 0 },
    month: { accepted: 5, rejected: 2 },
    three_months: { accepted: 12, rejected: 4 },
  };
  const handler = (call: RecordedCall) => {
    const url = new URL(call.url, 'http://app.test');
    const path = url.pathname;
    if (path === '/api/admin/causes/' && call.method === 'GET') {
      return json(200, { count: queue.length, next: null, previous: null, results: queue });
    }
    if (path === '/api/admin/causes/review-totals/') {
      const period = url.searchParams.get('period') as ReviewPeriod;
      return json(200, {
        period,
        since: '2026-11-14T00:00:00Z',
        accepted: base[period].accepted + decided.accepted,
        rejected: base[period].rejected + decided.rejected,
        pending: queue.length,
      });
    }
    const action = /^\/api\/admin\/causes\/([^/]+)\/(approve|reject)\/$/.exec(path);
    if (action && call.method === 'POST') {
      if (action[2] === 'approve' && options.failApprove) return json(500, { detail: 'boom', code: 'server_error' });
      queue = queue.filter((c) => c.id !== action[1]);
      decided[action[2] === 'approve' ? 'accepted' : 'rejected'] += 1;
      return json(200, { id: action[1], status: action[2] === 'approve' ? 'active' : 'rejected' });
    }
    if (path === '/api/notifications/unread-count/') return json(200, { count: 2 });
    if (path === '/api/user/profile/') return json(200, { first_name: 'Esi', last_name: 'Admin', role: 'admin', profile_picture: null });
    return json(404, { detail: 'Not found.', code: 'not_found' });
  };
  return { handler };
}

const total = (label: string) => screen.getByText(label).nextElementSibling!.textContent;

describe('/causereviewpage', () => {
  it('lists pending causes and shows the real totals for the chosen period', async () => {
    signInAs({ role: 'admin', name: 'Esi Admin' });
    const { calls } = await renderRoute('/causereviewpage', reviewServer().handler);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(1),
    ).toEqual(['Cause name', 'Organizer', 'Category', 'Target', 'Created', 'Actions']);
    const row = within(table).getByRole('link', { name: 'Books for Wa' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Books for Wa' }).getAttribute('href')).toBe('/causes/c1');
    expect(within(row).getByText('Kojo Owusu')).toBeTruthy();
    expect(within(row).getByText(formatGhs('5000.00'))).toBeTruthy();
    expect(within(row).getByRole('checkbox', { name: 'Select Books for Wa' })).toBeTruthy();

    const select = screen.getByLabelText('Causes reviewed in') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['One week', 'One month', 'Three months']);
    await waitFor(() => expect(total('Total accepted')).toBe('1'));
    expect([total('Total rejected'), total('Total pending')]).toEqual(['0', '3']);

    await act(async () => {
      fireEvent.change(select, { target: { value: 'three_months' } });
    });
    await waitFor(() => expect(total('Total accepted')).toBe('12'));
    expect(total('Total rejected')).toBe('4');
    expect(calls.some((c) => c.url === '/api/admin/causes/review-totals/?period=three_months')).toBe(true);
    expect(calls.some((c) => c.url === '/api/admin/causes/?status=under_review&page=1')).toBe(true);
  });

  it('approves a row, rejects another with a required reason, and refreshes list and totals', async () => {
    signInAs({ role: 'admin' });
    const { calls } = await renderRoute('/causereviewpage', reviewServer().handler);
    await screen.findByRole('link', { name: 'Books for Wa' });

    fireEvent.click(screen.getByRole('button', { name: 'Approve Books for Wa' }));
    await waitFor(() => expect(toasts()).toContain('success:Cause approved'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Books for Wa' })).toBeNull());
    const approve = calls.find((c) => c.url === '/api/admin/causes/c1/approve/')!;
    expect(approve.method).toBe('POST');
    await waitFor(() => expect(total('Total accepted')).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: 'Reject Clinic in Ho' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject “Clinic in Ho”' });
    const reason = within(dialog).getByLabelText('Reason for rejecting');
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason.');
    expect(calls.some((c) => c.url.endsWith('/reject/'))).toBe(false);

    fireEvent.change(reason, { target: { value: 'The target is not explained.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts()).toContain('success:Cause rejected'));
    const reject = calls.find((c) => c.url === '/api/admin/causes/c2/reject/')!;
    expect([reject.method, reject.body]).toEqual(['POST', { reason: 'The target is not explained.' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(total('Total rejected')).toBe('1'));
    expect(total('Total pending')).toBe('1');
  });

  it('rejects the ticked rows with one reason, and shows the empty text after', async () => {
    signInAs({ role: 'admin' });
    const { calls } = await renderRoute('/causereviewpage', reviewServer().handler);
    await screen.findByRole('link', { name: 'Books for Wa' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject 3 causes' });
    fireEvent.change(within(dialog).getByLabelText('Reason for rejecting'), { target: { value: 'Duplicates' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No causes waiting for review.')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/reject/')).map((c) => c.body)).toEqual([
      { reason: 'Duplicates' },
      { reason: 'Duplicates' },
      { reason: 'Duplicates' },
    ]);
    expect(toasts()).toContain('success:3 causes rejected');
  });

  it("toasts 'Failed to update cause' when the server refuses", async () => {
    signInAs({ role: 'admin' });
    await renderRoute('/causereviewpage', reviewServer({ failApprove: true }).handler);
    await screen.findByRole('link', { name: 'Books for Wa' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Books for Wa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    await waitFor(() => expect(toasts()).toEqual(['error:Failed to update cause']));
    expect(screen.getByRole('link', { name: 'Books for Wa' })).toBeTruthy();
  });

  it('shows the access-denied screen to a non-admin', async () => {
    signInAs({ role: 'user' });
    const { calls } = await renderRoute('/causereviewpage', reviewServer().handler);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/admin/'))).toBe(false);
  });
});
