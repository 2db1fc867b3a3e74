import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cause } from '../../src/shared/contract/causes';
import { configureApiClient } from '../../src/web/lib/api-client';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { renderRoute, signInAs, signOut } from './helpers/render-route';
import { fakeProfile } from './helpers/fake-profile';

// jsdom has no canvas or matchMedia for uPlot: stand the lazy chart module in with a plain svg.
vi.mock('../../src/web/features/admin/components/metrics-line-chart', () => ({
  default: ({ days }: { days: unknown[] }) => <svg data-testid="metrics-chart" data-points={days.length} />,
}));

afterEach(() => {
  clearToasts();
  signOut();
});

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const ME = '11111111-1111-4111-8111-111111111111';

function cause(id: string, name: string): Cause {
  return {
    id,
    name,
    title: name,
    description: `About ${name}`,
    cover_image: null,
    image: null,
    cover_image_sizes: null,
    target_amount: '1000.00',
    current_amount: '100.00',
    organizer_id: 'o',
    organizer_name: 'Kojo',
    category: { id: 'c', name: 'Medical' },
    location: 'Accra',
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    status: 'active',
    is_active: true,
    accepts_donations_after_goal: false,
    accepts_donations: true,
    donor_count: 1,
    rejection_reason: null,
    is_favorite: true,
  };
}

const PROFILE = fakeProfile(ME, {
  role: 'user',
  bio: 'Health',
  interests: 'Health',
  phone_number: '+233201234567',
  phone: '+233201234567',
  address: 'Osu, Accra',
  withdrawal_address: null,
  created_at: '2026-01-01T00:00:00Z',
});

function common(call: RecordedCall): Response | undefined {
  const path = new URL(call.url, 'http://app.test').pathname;
  if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
  if (path === '/api/user/profile/' && call.method === 'GET') return json(200, PROFILE);
  return undefined;
}

describe('/desktoppage (Your Favorites)', () => {
  it('lists favorites, filters at once and on the server, removes one, and shows both empty texts', async () => {
    signInAs({ id: ME });
    let favorites = [cause('f1', 'Surgery for Kwame'), cause('f2', 'Books for Wa')];
    const { calls } = await renderRoute('/desktoppage', (call) => {
      const url = new URL(call.url, 'http://app.test');
      if (url.pathname === '/api/favorites/') {
        const q = (url.searchParams.get('search') ?? '').toLowerCase();
        const results = favorites.filter((c) => c.name.toLowerCase().includes(q));
        return json(200, { count: results.length, next: null, previous: null, results });
      }
      const remove = /^\/api\/favorites\/([^/]+)\/$/.exec(url.pathname);
      if (remove && call.method === 'DELETE') {
        favorites = favorites.filter((c) => c.id !== remove[1]);
        return new Response(null, { status: 204 });
      }
      return common(call) ?? json(404, { detail: 'Not found.', code: 'not_found' });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Favorites' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Surgery for Kwame' });

    const search = screen.getByLabelText('Search favorites');
    fireEvent.change(search, { target: { value: 'books' } });
    // The local filter answers before the server does.
    expect(screen.queryByRole('link', { name: 'Surgery for Kwame' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Books for Wa' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/favorites/?page=1&search=books')).toBe(true));

    fireEvent.change(search, { target: { value: 'zebra' } });
    expect(await screen.findByText('No favorites found for "zebra"')).toBeTruthy();

    fireEvent.change(search, { target: { value: '' } });
    await screen.findByRole('link', { name: 'Surgery for Kwame' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Surgery for Kwame from favorites' }));
    await waitFor(() => expect(toasts()).toContain('success:Removed from favorites'));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/favorites/f1/');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Books for Wa from favorites' }));
    expect(await screen.findByText('No favorites yet.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2));
    await waitFor(() => expect(toasts()).toEqual(['success:Removed from favorites', 'success:Removed from favorites']));
  });
});

/** Records what an upload sent and answers it; stands in for XMLHttpRequest. */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; body: FormData }[] = [];
  static answer: { status: number; body: unknown } = { status: 200, body: PROFILE };
  status = 0;
  statusText = '';
  responseText = '';
  upload = { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.statusText = FakeXhr.answer.status === 200 ? 'OK' : 'Bad Request';
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 5);
  }
}

async function openSettings(path = '/profilesettings') {
  FakeXhr.sent = [];
  signInAs({ id: ME });
  const result = await renderRoute(path, (call) => common(call) ?? json(404, { detail: 'Not found.', code: 'not_found' }));
  configureApiClient({ xhr: () => new FakeXhr() as unknown as XMLHttpRequest });
  await waitFor(() => expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Health'));
  return result;
}

describe('/profilesettings', () => {
  it('prefills, builds the multipart form with the chosen files, and toasts success', async () => {
    FakeXhr.answer = { status: 200, body: { ...PROFILE, bio: 'Health and schools' } };
    await openSettings();
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+233201234567');
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('Osu, Accra');
    expect(screen.getAllByText('No file selected')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Notification Settings' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Delete Account' })).toBeTruthy();
    const picture = screen.getByLabelText('Profile picture') as HTMLInputElement;
    expect(picture.accept).toBe('image/*');

    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Health and schools' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(picture, { target: { files: [file] } });
    expect(screen.getByText('Selected: me.png')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // Busy at once: the label changes and the button is disabled until the server answers.
    const busy = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await waitFor(() => expect(toasts()).toEqual(['success:Profile updated']));

    const sent = FakeXhr.sent[0];
    expect([sent.method, sent.url]).toEqual(['PUT', '/api/user/profile/']);
    expect(sent.headers.Authorization).toMatch(/^Bearer /);
    const fields = Object.fromEntries(
      [...sent.body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]),
    );
    expect(fields).toEqual({
      first_name: 'Ama',
      last_name: 'Mensah',
      occupation: 'Nurse',
      bio: 'Health and schools',
      phone_number: '+233201234567',
      address: 'Osu, Accra',
      profile_picture: 'file:me.png',
    });
    expect(sent.body.has('cover_photo')).toBe(false);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it("shows the server's field errors inline and toasts 'Failed to update profile: {reason}'", async () => {
    FakeXhr.answer = {
      status: 400,
      body: {
        detail: 'Please correct the highlighted fields.',
        code: 'validation_error',
        errors: { profile_picture: ['Upload a valid image.'] },
      },
    };
    await openSettings();
    fireEvent.change(screen.getByLabelText('Profile picture'), { target: { files: [new File(['x'], 'fake.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts()).toEqual(['error:Failed to update profile: Please correct the highlighted fields.']));
    const input = screen.getByLabelText('Profile picture');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Upload a valid image.')).toBeTruthy();
  });

  it("says plain 'Failed to update profile' without a reason, and the organizer variant has no side items", async () => {
    FakeXhr.answer = { status: 500, body: 'oops' };
    await openSettings('/organizerprofilesettings');
    expect(screen.queryByRole('heading', { name: 'Notification Settings' })).toBeNull();
    expect(screen.queryByText('No file selected')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    await waitFor(() => expect(toasts()).toEqual(['error:Failed to update profile']));
  });

  it('refuses a non-image file before uploading', async () => {
    await openSettings();
    fireEvent.change(screen.getByLabelText('Cover photo'), {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByText('Choose an image file.')).toBeTruthy();
  });
});

describe('/profilepage', () => {
  it('shows your own profile with private fields and your causes', async () => {
    signInAs({ id: ME });
    await renderRoute('/profilepage', (call) => {
      const path = new URL(call.url, 'http://app.test').pathname;
      if (path === `/api/user/profiles/${ME}/`) {
        return json(200, { ...PROFILE, causes: [{ id: 'c1', name: 'Clinic in Ho', status: 'active' }] });
      }
      return common(call) ?? json(404, { detail: 'Not found.', code: 'not_found' });
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Ama Mensah/ })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('ama@example.com')).toBeTruthy();
    expect(screen.getByText('Osu, Accra')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clinic in Ho' }).getAttribute('href')).toBe('/causes/c1');
    expect(screen.getAllByTestId('default-avatar').length).toBeGreaterThan(0);
  });

  it("shows someone's public profile without private fields, even signed out, and toasts on failure", async () => {
    const other = '22222222-2222-4222-8222-222222222222';
    await renderRoute(`/organizerprofilepage?id=${other}`, (call) => {
      if (call.url === `/api/user/profiles/${other}/`) {
        return json(200, {
          id: other,
          name: 'Kojo Owusu',
          first_name: 'Kojo',
          last_name: 'Owusu',
          occupation: 'Teacher',
          bio: 'Schools',
          interests: 'Schools',
          profile_picture: null,
          cover_photo: null,
          is_verified: false,
          role: 'user',
          causes_created: 3,
          causes_active: 2,
          causes: [{ id: 'x1', name: 'Books for Wa', status: 'active' }],
          created_at: '2026-01-01T00:00:00Z',
        });
      }
      return json(404, { detail: 'Not found.', code: 'not_found' });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kojo Owusu' })).toBeTruthy();
    expect(screen.queryByText('Email')).toBeNull();
    expect(screen.queryByText('Address')).toBeNull();
    expect(screen.getByText('Causes created').nextElementSibling!.textContent).toBe('3');

    cleanupAndFail: {
      const { cleanup } = await import('@testing-library/react');
      cleanup();
      await renderRoute(`/organizerprofilepage?id=${other}`, () => json(500, { detail: 'boom', code: 'server_error' }));
      await waitFor(() => expect(toasts()).toContain('error:Failed to load profile'));
      break cleanupAndFail;
    }
  });
});

describe('/admindashboard', () => {
  it('shows the welcome card, totals, pending donations, the month select and the table alternative', async () => {
    signInAs({ id: ME, role: 'admin', name: 'Esi Admin' });
    const metrics = (month: string) => ({
      month,
      months: ['2026-11', '2026-10'],
      days: [
        { date: `${month}-01`, amount: '120.00', count: 2 },
        { date: `${month}-02`, amount: '0.00', count: 0 },
      ],
      totals: { raised: '5000.00', raised_in_month: '120.00', donations: 40, donors: 22, users: 31, causes_active: 6, causes_pending: 2 },
      pending_donations:
        month === '2026-11'
          ? [
              {
                id: 'pd1',
                cause_id: 'c1',
                cause_title: 'Clinic in Ho',
                amount: '75.00',
                email: 'kofi@example.com',
                created_at: '2026-11-20T10:00:00Z',
              },
            ]
          : [],
    });
    const { calls } = await renderRoute('/admindashboard', (call) => {
      const url = new URL(call.url, 'http://app.test');
      if (url.pathname === '/api/admin/metrics/') return json(200, metrics(url.searchParams.get('month') ?? '2026-11'));
      if (url.pathname === '/api/admin/users/') {
        return json(200, {
          count: 1,
          next: null,
          previous: null,
          results: [
            {
              id: 'u1',
              email: 'kofi@example.com',
              name: 'Kofi Boateng',
              role: 'user',
              created_at: '2026-11-01T00:00:00Z',
              causes_count: 1,
              donations_count: 3,
            },
          ],
        });
      }
      if (url.pathname === '/api/notifications/unread-count/') return json(200, { count: 6 });
      return common(call) ?? json(404, { detail: 'Not found.', code: 'not_found' });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Admin.' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Notifications, 6 unread' })).toBeTruthy();
    expect(await screen.findByText('Clinic in Ho')).toBeTruthy();
    expect(screen.getByText('Total raised').nextElementSibling!.textContent).toBe('GH₵5,000.00');
    expect(await screen.findByText('Kofi Boateng')).toBeTruthy();

    const select = screen.getByLabelText('Month') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['November 2026', 'October 2026']);
    expect((await screen.findByTestId('metrics-chart')).getAttribute('data-points')).toBe('2');
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Donations per day in November 2026' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await act(async () => {
      fireEvent.change(select, { target: { value: '2026-10' } });
    });
    expect(await screen.findByText('No pending donations')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/metrics/?month=2026-10')).toBe(true);
  });
});
