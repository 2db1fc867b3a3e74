import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CauseUpdate, SupportMessage } from '../../src/shared/contract/updates';
import { mirrorCauses, setMirrorDb } from '../../src/web/features/causes/api/cause-mirror';
import { BoafoDb } from '../../src/web/features/offline/db';
import { setUpdatesDb, storedUpdates } from '../../src/web/features/updates/api/updates-api';
import { configureApiClient } from '../../src/web/lib/api-client';
import { clearToasts } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { deferred, json, type RecordedCall } from './helpers/fake-fetch';
import { pathname, setOnline } from './helpers/giving';
import { renderRoute, signInAs, signOut } from './helpers/render-route';
import { FakeXhr } from './helpers/fake-xhr';

const ORGANIZER = '22222222-2222-4222-8222-222222222222';
const cause = makeCause('c1', { title: 'Water for Tamale', name: 'Water for Tamale', organizer_id: ORGANIZER });

const update = (id: string, body: string, created_at: string, extra: Partial<CauseUpdate> = {}): CauseUpdate => ({
  id,
  cause_id: 'c1',
  body,
  image: null,
  image_sizes: null,
  author_name: 'Fatima',
  created_at,
  ...extra,
});
const message = (id: string, text: string, donor_name: string | null): SupportMessage => ({
  id,
  message: text,
  donor_name,
  created_at: '2026-11-20T10:00:00.000Z',
});
const page = <T,>(results: T[], next: string | null = null) => ({ count: results.length, next, previous: null, results });

/** Answers every call of the cause page; `extra` first. */
function answers(extra: (call: RecordedCall) => Response | Promise<Response> | undefined = () => undefined) {
  return (call: RecordedCall) => {
    const answered = extra(call);
    if (answered) return answered;
    const path = pathname(call);
    if (path === '/api/causes/details/c1/') return json(200, cause);
    if (path === '/api/causes/c1/ledger/')
      return json(200, {
        cause_id: 'c1',
        totals: { money_in: '0.00', money_out: '0.00', balance: '0.00' },
        entries: [],
        count: 0,
        next: null,
        previous: null,
      });
    if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
    return undefined;
  };
}

let n = 0;
let db: BoafoDb;
beforeEach(() => {
  db = new BoafoDb(`updates-test-${++n}`);
  setMirrorDb(db);
  setUpdatesDb(db);
});
afterEach(() => {
  clearToasts();
  signOut();
  setMirrorDb(null);
  setUpdatesDb(null);
  db.close();
  setOnline(true);
});

describe('cause updates and words of support', () => {
  it('shows updates newest first with skeletons, then Load more; anonymous messages unnamed; no forms for visitors', async () => {
    const first = deferred<Response>();
    await renderRoute(
      '/causes/c1',
      answers((call) => {
        const url = new URL(call.url, 'http://app.test');
        if (url.pathname === '/api/causes/c1/updates/')
          return url.searchParams.get('page') === '2'
            ? json(200, page([update('u1', 'Digging started', '2026-11-01T08:00:00.000Z')]))
            : first.promise;
        if (url.pathname === '/api/causes/c1/messages/')
          return json(200, page([message('d2', 'Stay strong', null), message('d1', 'God bless', 'Kofi')]));
        return undefined;
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Updates' })).toBeTruthy();
    expect(screen.getByText('Loading updates…')).toBeTruthy();
    await act(async () =>
      first.resolve(
        json(
          200,
          page(
            [update('u3', 'Water flows!', '2026-11-10T08:00:00.000Z', { image: '/media/abc', image_sizes: { '640': '/media/abc' } })],
            'http://app.test/api/causes/c1/updates/?page=2',
          ),
        ),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Updates' });
    expect(within(list).getByText('Water flows!')).toBeTruthy();
    expect(list.querySelector('img')?.getAttribute('srcset')).toContain('640w');
    await act(async () => fireEvent.click(within(list.parentElement!).getByRole('button', { name: 'Load more' })));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('.cause-update__body')?.textContent),
      ).toEqual(['Water flows!', 'Digging started']),
    );

    const messages = await screen.findByRole('list', { name: 'Words of support' });
    expect(within(messages).getByText(/Anonymous donor/)).toBeTruthy();
    expect(within(messages).getByText(/Kofi/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Post an update' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Hide/ })).toBeNull();
    // What was read is kept for offline reading.
    expect((await storedUpdates('c1')).map((u) => u.id)).toEqual(['u3', 'u1']);
  });

  it('the organizer posts an update with a picture and upload progress, and hides a message', async () => {
    signInAs({ id: ORGANIZER });
    configureApiClient({ xhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const { calls } = await renderRoute(
      '/causes/c1',
      answers((call) => {
        const path = pathname(call);
        if (path === '/api/causes/c1/updates/') return json(200, page([]));
        if (path === '/api/causes/c1/messages/') return json(200, page([message('d1', 'Rude words', 'Troll')]));
        if (path === '/api/causes/c1/messages/d1/hide/') return new Response(null, { status: 204 });
        return undefined;
      }),
    );
    const form = await screen.findByRole('form', { name: 'Post an update' });
    expect(await screen.findByText('No updates yet.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('What is new?'), { target: { value: 'The pump is in.' } });
    const png = new File([new Uint8Array(100)], 'pump.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Picture (optional)'), { target: { files: [png] } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Post update' })));
    expect((within(form).getByRole('button', { name: 'Posting...' }) as HTMLButtonElement).disabled).toBe(true);
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/causes/c1/updates/']);
    expect(xhr.body!.get('body')).toBe('The pump is in.');
    expect((xhr.body!.get('image') as File).name).toBe('pump.png');
    await act(async () => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 }));
    expect(within(form).getByText('Uploading… 30%')).toBeTruthy();
    await act(async () => xhr.respond(201, update('u9', 'The pump is in.', '2026-11-25T08:00:00.000Z')));
    expect(await within(await screen.findByRole('list', { name: 'Updates' })).findByText('The pump is in.')).toBeTruthy();
    expect((within(form).getByLabelText('What is new?') as HTMLTextAreaElement).value).toBe('');

    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Hide the message from Troll' })));
    await waitFor(() => expect(screen.queryByText('Rude words')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && pathname(c) === '/api/causes/c1/messages/d1/hide/')).toBe(true);
  });

  it('offline: shows the updates kept on the device', async () => {
    await mirrorCauses([cause]);
    await db.causeUpdates.bulkPut([
      update('u1', 'Older news', '2026-11-01T08:00:00.000Z'),
      update('u2', 'Newer news', '2026-11-05T08:00:00.000Z'),
      update('x1', 'Another cause', '2026-11-06T08:00:00.000Z', { cause_id: 'c2' }),
    ]);
    setOnline(false);
    await renderRoute('/causes/c1', () => undefined);
    const list = await screen.findByRole('list', { name: 'Updates' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.cause-update__body')?.textContent),
    ).toEqual(['Newer news', 'Older news']);
    expect(screen.getByText('Words of support show when you are online.')).toBeTruthy();
  });

  it('the donation form sends a message of support and counts its characters', async () => {
    const CAUSE = '44444444-4444-4444-8444-444444444444';
    const { calls } = await renderRoute(`/donation?causeId=${CAUSE}&amount=25`, (call) => {
      const path = pathname(call);
      if (path === `/api/causes/details/${CAUSE}/`) return json(200, { id: CAUSE, title: 'Surgery for Kwame', name: 'Surgery for Kwame' });
      if (path === '/api/cart/donate/') return json(400, { detail: 'Please correct the highlighted fields.', code: 'validation_error' });
      if (path.startsWith('/api/cart/') && call.method === 'GET') return json(200, { cart_id: 'x', items: [], total_amount: '0.00' });
      return undefined;
    });
    const box = screen.getByLabelText('Leave a message of support (optional)') as HTMLTextAreaElement;
    expect(box.maxLength).toBe(280);
    fireEvent.change(box, { target: { value: 'Get well soon' } });
    expect(screen.getByText('13/280 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'kofi@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate' })));
    await waitFor(() => expect(calls.filter((c) => pathname(c) === '/api/cart/donate/')).toHaveLength(1));
    expect(calls.find((c) => pathname(c) === '/api/cart/donate/')!.body).toMatchObject({ message: 'Get well soon' });
  });

  it('a message written for one cause is not carried to another cause', async () => {
    sessionStorage.setItem('boafo-donor-draft', JSON.stringify({ email: 'kofi@example.com', message: 'For Kwame', message_for: 'other' }));
    await renderRoute('/donation?causeId=44444444-4444-4444-8444-444444444444&amount=25', () => undefined);
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('kofi@example.com');
    expect((screen.getByLabelText('Leave a message of support (optional)') as HTMLTextAreaElement).value).toBe('');
  });
});
