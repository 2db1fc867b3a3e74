/**
 * One fake API that answers every screen of the app (tests/web/every-screen-in-language.test.tsx): a cause c1
 * organised by the signed-in admin, its balance, ledger, treasurers and withdrawals, a donation, a notification,
 * the admin's lists and metrics. Organizer-written words (titles, stories, names) are listed in WRITTEN: they
 * stay as written in every language.
 */
import { makeCause } from './causes';
import { json, type RecordedCall } from './fake-fetch';
import { balanceOf, ledgerOf, makeAdminWithdrawal, makeWithdrawal, MOMO_DETAILS } from './payouts';
import { fakeProfile } from './fake-profile';

export const ME = '11111111-1111-4111-8111-111111111111';
const AT = '2026-03-05T10:00:00.000Z';
const cause = makeCause('c1', {
  name: 'Water for Nalerigu',
  title: 'Water for Nalerigu',
  description: 'A borehole for the clinic at Nalerigu.',
  organizer_id: ME,
  organizer_name: 'Ama Mensah',
  short_code: 'NAL1',
  created_at: AT,
});
const underReview = makeCause('c2', { name: 'Roof in Tamale', title: 'Roof in Tamale', status: 'under_review', organizer_id: ME });
const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const profile = fakeProfile(ME, {
  role: 'admin',
  bio: 'Nurse in Ho',
  interests: 'Nurse in Ho',
  phone_number: '0241234567',
  phone: '0241234567',
  address: 'Ho',
  withdrawal_address: MOMO_DETAILS,
  created_at: AT,
  locale: null,
  sms: { phone: '233241234567', status: 'agreed', source: 'web', changed_at: AT },
});

const donation = {
  id: 'd1',
  cause_id: 'c1',
  cause_title: cause.title,
  cause: cause.title,
  amount: '25.00',
  donation_amount: '25.00',
  status: 'completed',
  reference: 'BOAFO-REF-1',
  payment_method: 'mobile_money',
  created_at: AT,
  email: 'kofi@example.com',
  donor_name: 'Kofi Boateng',
  first_name: 'Kofi',
  last_name: 'Boateng',
  is_anonymous: false,
  message: 'Get well soon',
  refunded_amount: '0.00',
};

/** Texts the fake data carries: organizers' and donors' own words, never translated. */
export const WRITTEN = new Set([
  'Water for Nalerigu',
  'Roof in Tamale',
  'A borehole for the clinic at Nalerigu.',
  'Ama Mensah',
  'Kofi Boateng',
  'Nurse',
  'Nurse in Ho',
  'Ho',
  'Get well soon',
  'Clean water in Bolga',
  'News',
  'How a borehole changed a village.',
  'The borehole was dug in March.',
  // A notification's words come from the server, in the reader's language there (tests/server/i18n-server.test.ts).
  'Cause approved',
  'Your cause is live.',
]);

/** GET answers by path; anything else is an empty page (a list with nothing in it yet). */
export function everyRouteApi(call: RecordedCall): Response {
  const url = new URL(call.url, 'http://app.test');
  const path = url.pathname;
  if (call.method !== 'GET') return json(200, {});
  const exact: Record<string, unknown> = {
    '/api/categories/': [{ id: 'cat-med', name: 'Medical' }],
    '/api/config/': {},
    '/api/user/profile/': profile,
    [`/api/user/profiles/${ME}/`]: { ...profile, causes: [{ id: 'c1', name: cause.title, status: 'active' }] },
    '/api/causes/details/c1/': cause,
    '/api/causes/details/c2/': underReview,
    '/api/causes/c1/balance/': balanceOf(),
    '/api/causes/c1/ledger/': ledgerOf(),
    '/api/causes/c1/treasurers/': {
      cause_id: 'c1',
      max_treasurers: 3,
      your_role: 'organizer',
      treasurers: [{ user_id: 'u2', email: 'kofi@example.com', name: 'Kofi Boateng', status: 'accepted', invited_at: AT, accepted_at: AT }],
    },
    '/api/subscriptions/': [
      {
        code: 'SUB-1',
        status: 'active',
        interval: 'monthly',
        total_amount: '10.00',
        causes: [{ cause_id: 'c1', cause_title: cause.title, amount: '10.00' }],
        payment_method: 'card',
        next_charge_at: '2026-04-05T10:00:00.000Z',
        charges: 1,
        created_at: AT,
        cancelled_at: null,
      },
    ],
    '/api/blog-posts/clean-water/': {
      id: 'b1',
      slug: 'clean-water',
      title: 'Clean water in Bolga',
      category: 'news',
      category_name: 'News',
      excerpt: 'How a borehole changed a village.',
      description: 'How a borehole changed a village.',
      content: 'The borehole was dug in March.',
      image: null,
      featured_image: null,
      url: null,
      author_name: 'Ama Mensah',
      published_at: AT,
    },
    '/api/treasurer-invitations/': [],
    '/api/user/security/': { two_step: { enabled: true, recovery_codes_left: 8 }, step_up_with: 'code', verified_until: null },
    '/api/user/security/devices/': {
      results: [{ id: 'dev1', device: 'Chrome on Android', place: 'Accra, Ghana', last_used_at: AT, current: true }],
    },
    '/api/donations/statistics/': { total_donated: '25.00', donations_count: 1, causes_supported: 1 },
    '/api/notifications/unread-count/': { count: 1 },
    '/api/admin/metrics/': {
      month: '2026-03',
      months: ['2026-03', '2026-02'],
      days: [{ date: '2026-03-05', amount: '25.00', count: 1 }],
      totals: { raised: '25.00', raised_in_month: '25.00', donations: 1, donors: 1, users: 2, causes_active: 1, causes_pending: 1 },
      pending_donations: [],
    },
    '/api/admin/newsletter/audience/': { confirmed_subscribers: 3 },
  };
  if (path in exact) return json(200, exact[path]);
  if (path === '/api/causes/list/') return json(200, page([cause]));
  if (path === '/api/withdrawals/') return json(200, page([makeWithdrawal('w1', { cause_id: 'c1', cause_title: cause.title })]));
  if (path === '/api/admin/withdrawals/') return json(200, page([makeAdminWithdrawal('w2')]));
  if (path === '/api/admin/causes/') return json(200, page([underReview]));
  if (path === '/api/donations/' || path === '/api/causes/c1/donations/' || path === '/api/admin/donations/')
    return json(200, page([donation]));
  if (path === '/api/notifications/') {
    const note = { id: 'n1', title: 'Cause approved', message: 'Your cause is live.', kind: 'general', cause: cause.title, cause_id: 'c1' };
    return json(200, page([{ ...note, cause_title: cause.title, is_read: false, created_at: AT }]));
  }
  return json(200, page([]));
}
