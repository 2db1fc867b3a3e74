import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../src/shared/contract/account';
import type { DonationRecord } from '../../src/shared/contract/donations';
import type { Cause } from '../../src/shared/contract/causes';
import { formatGhs } from '../../src/shared/money';
import { clearToasts } from '../../src/web/stores/toast-store';
import { getDb } from '../../src/web/features/offline/db';
import { unreadState } from '../../src/web/components/notifications-badge/unread-count';
import { accountState } from '../../src/web/features/dashboard/account-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

afterEach(async () => {
  clearToasts();
  signOut();
  unreadState.count = null;
  Object.assign(accountState, { userId: null, profile: null, causesCreated: null });
  await getDb().cart.clear();
});

const ME = '11111111-1111-4111-8111-111111111111';

function cause(id: string, name: string, extra: Partial<Cause> = {}): Cause {
  return {
    id,
    name,
    title: name,
    description: `${name} description`,
    cover_image: null,
    image: null,
    cover_image_sizes: null,
    target_amount: '1000.00',
    current_amount: '250.00',
    organizer_id: 'someone',
    organizer_name: 'Kojo Owusu',
    category: { id: 'c1', name: 'Medical' },
    location: 'Kumasi',
    created_at: '2026-11-02T10:30:00Z',
    updated_at: '2026-11-02T10:30:00Z',
    status: 'active',
    is_active: true,
    accepts_donations_after_goal: false,
    accepts_donations: true,
    donor_count: 3,
    rejection_reason: null,
    ...extra,
  };
}

const SUMMARY = (month = '2026-11'): DashboardSummary => ({
  months: ['2026-11', '2026-10', '2026-08'],
  month,
  donated_in_month: month === '2026-11' ? '150.00' : '20.50',
  donations_in_month: month === '2026-11' ? 2 : 1,
  raised_in_month: month === '2026-11' ? '1234.50' : '0.00',
  unread_notifications: 4,
  causes: { total: 2, active: 1, under_review: 1, rejected: 0 },
});

const DONATIONS: DonationRecord[] = ['2026-11-03', '2026-11-09', '2026-10-01', '2026-11-05'].map((day, i) => ({
  id: `d${i}`,
  cause_id: `c${i}`,
  cause_title: `Donated cause ${i}`,
  amount: `${(i + 1) * 10}.00`,
  status: 'completed',
  donated_at: `${day}T09:00:00Z`,
  organizer_id: 'x',
  category: 'Medical',
  is_anonymous: false,
  reference: null,
}));

const OWN = [
  cause('o1', 'School roof in Tamale', { organizer_id: ME, status: 'under_review', is_active: false }),
  cause('o2', 'Clean water for Bolga', { organizer_id: ME }),
];
const POPULAR = Array.from({ length: 6 }, (_, i) => cause(`p${i}`, `Popular ${i}`, { current_amount: `${(i + 1) * 100}.00` }));

function handler(overrides: { popular?: Cause[]; own?: Cause[]; failPopular?: boolean } = {}) {
  return (call: RecordedCall) => {
    const url = new URL(call.url, 'http://app.test');
    if (url.pathname === '/api/user/profile/') {
      return json(200, {
        id: ME,
        first_name: 'Ama',
        last_name: 'Mensah',
        name: 'Ama Mensah',
        email: 'ama@example.com',
        role: 'user',
        profile_picture: null,
        causes_created: 2,
        causes_active: 1,
      });
    }
    if (url.pathname === '/api/user/dashboard/') return json(200, SUMMARY(url.searchParams.get('month') ?? '2026-11'));
    if (url.pathname === '/api/notifications/unread-count/') return json(200, { count: 4 });
    if (url.pathname === '/api/donations/') return json(200, { count: 4, next: null, previous: null, results: DONATIONS });
    if (url.pathname === '/api/causes/list/') {
      if (url.searchParams.get('organizer_id')) return json(200, { count: 2, next: null, previous: null, results: overrides.own ?? OWN });
      if (overrides.failPopular) return json(500, { detail: 'boom', code: 'server_error' });
      return json(200, { count: 6, next: null, previous: null, results: overrides.popular ?? POPULAR });
    }
    return json(404, { detail: 'Not found.', code: 'not_found' });
  };
}

describe('/dashboard', () => {
  it('shows the real name, role, badges, own causes, donations, popular table and the server months', async () => {
    signInAs({ id: ME, name: 'Ama Mensah' });
    await getDb().cart.bulkPut([
      { id: 'a', cause_id: 'a', title: 'A', category: null, image: null, donation_amount: '10.00', quantity: 1, updated_at: 1 },
      { id: 'b', cause_id: 'b', title: 'B', category: null, image: null, donation_amount: '10.00', quantity: 2, updated_at: 1 },
      { id: 'c', cause_id: 'c', title: 'C', category: null, image: null, donation_amount: '10.00', quantity: 1, updated_at: 1 },
    ]);
    const { calls } = await renderRoute('/dashboard', handler());

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ama' })).toBeTruthy();
    // Profile card: real name and real role (an organizer, not the spec's hard-coded 'Admin').

    const card = await screen.findByRole('link', { name: /^Ama Mensah\W+Organizer$/ });
    expect(card.getAttribute('href')).toBe('/profilepage');
    expect(screen.queryByText('Admin')).toBeNull();

    // Badges: unread count and the device cart's line count.
    expect((await screen.findByRole('link', { name: 'Notifications, 4 unread' })).getAttribute('href')).toBe('/notificationspage');
    expect((await screen.findByRole('link', { name: 'Cart, 3 items' })).getAttribute('href')).toBe('/cartpage');

    // Sidebar targets of spec §2 (no admin items for a user), plus their withdrawals for an organizer.
    const nav = screen.getByRole('navigation', { name: 'Account' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Dashboard', '/dashboard'],
      ['Favorites', '/desktoppage'],
      ['Notifications', '/notificationspage'],
      ['Causes', '/causelistpage'],
      ['Create a cause', '/causes/create'],
      ['Profile', '/profilepage'],
      ['Settings', '/profilesettings'],
      ['Your withdrawals', '/withdrawals'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeTruthy();

    // Your Causes with status badges.
    const own = screen.getByRole('region', { name: 'Your Causes' });
    await within(own).findByRole('link', { name: 'School roof in Tamale' });
    expect(within(own).getByText('Under review')).toBeTruthy();
    expect(within(own).getByText('Active')).toBeTruthy();
    const ownCall = calls.find((c) => c.url.includes('organizer_id='))!;
    expect(new URL(ownCall.url, 'http://x').searchParams.get('organizer_id')).toBe(ME);
    expect(new URL(ownCall.url, 'http://x').searchParams.get('page_size')).toBe('3');

    // Recent donations: the 3 latest, title and GHS amount.
    const donations = screen.getByRole('region', { name: 'Your recent donations' });
    await within(donations).findByText('Donated cause 1');
    const titles = within(donations)
      .getAllByText(/^Donated cause/)
      .map((n) => n.textContent);
    expect(titles).toEqual(['Donated cause 1', 'Donated cause 3', 'Donated cause 0']);
    expect(within(donations).getByText(formatGhs('20.00'))).toBeTruthy();

    // Popular Causes table: columns and rows ranked by current_amount.
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cause name', 'Location', 'Date - Time', 'Category', 'Amount raised', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(within(rows[0]).getByRole('link').textContent).toBe('Popular 5');
    expect(within(rows[0]).getByText(formatGhs('600.00'))).toBeTruthy();
    expect(calls.some((c) => c.url.includes('ordering=popularity') && c.url.includes('page_size=6'))).toBe(true);

    // Month select: the server's months, labelled, driving the month figures.
    const select = screen.getByLabelText('Month') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['2026-11', 'November 2026'],
      ['2026-10', 'October 2026'],
      ['2026-08', 'August 2026'],
    ]);
    expect(screen.getByText(formatGhs('150.00'))).toBeTruthy();
    expect(screen.getByText(formatGhs('1234.50'))).toBeTruthy();
    await act(async () => {
      fireEvent.change(select, { target: { value: '2026-10' } });
    });
    await screen.findByText(formatGhs('20.50'));
    expect(screen.getByText('Donated in October 2026')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/user/dashboard/?month=2026-10')).toBe(true);
  });

  it("labels an admin 'Admin', adds the admin links, and shows the empty texts", async () => {
    signInAs({ id: ME, role: 'admin', name: 'Ama Mensah' });
    await renderRoute('/dashboard', handler({ popular: [], own: [] }));
    expect(await screen.findByText('No popular causes available')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /^Ama Mensah\W+Admin$/ })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Admin dashboard' }).getAttribute('href')).toBe('/admindashboard');
    expect(within(nav).getByRole('link', { name: 'Review causes' }).getAttribute('href')).toBe('/causereviewpage');
    const own = screen.getByRole('region', { name: 'Your Causes' });
    expect((await within(own).findByRole('link', { name: 'Create your first cause' })).getAttribute('href')).toBe('/causes/create');
  });

  it('keeps failures silent (no toast) and filters the page with the search box', async () => {
    signInAs({ id: ME });
    await renderRoute('/dashboard', handler({ failPopular: true }));
    expect(await screen.findByText('No popular causes available')).toBeTruthy();
    await screen.findByRole('link', { name: 'School roof in Tamale' });
    const { toastState } = await import('../../src/web/stores/toast-store');
    expect(toastState.toasts).toEqual([]);

    fireEvent.change(screen.getByLabelText('Search your causes and donations'), { target: { value: 'water' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'School roof in Tamale' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Clean water for Bolga' })).toBeTruthy();
    expect(screen.getByText('No donations match "water".')).toBeTruthy();
  });

  it('sends a signed-out visitor to sign-in', async () => {
    const { router } = await renderRoute('/dashboard', handler());
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });
});
