import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  getMirroredCause,
  mirrorCauses,
  queryMirror,
  setMirrorDb,
  setMirrorFavorite,
} from '../../src/web/features/causes/api/cause-mirror';
import { listCauses, mirrorSettled } from '../../src/web/features/causes/api/causes-api';
import { loadCause, loadCauseList } from '../../src/web/features/causes/lib/load-causes';
import { causeProgress } from '../../src/shared/cause-progress';
import { BoafoDb } from '../../src/web/features/offline/db';
import { configureApiClient } from '../../src/web/lib/api-client';
import { makeCause } from './helpers/causes';
import { createFakeFetch, json } from './helpers/fake-fetch';

let n = 0;
let db: BoafoDb;
beforeEach(() => {
  db = new BoafoDb(`mirror-test-${++n}`);
  setMirrorDb(db);
});
afterEach(async () => {
  setMirrorDb(null);
  db.close();
});

describe('cause mirror', () => {
  it('stores list results as fetched, then searches, sorts and opens them offline', async () => {
    const causes = [
      makeCause('a', {
        name: 'Heart surgery for Kwame',
        title: 'Heart surgery for Kwame',
        current_amount: '50.00',
        target_amount: '9000.00',
        created_at: '2025-01-01T00:00:00Z',
      }),
      makeCause('b', {
        name: 'Water for Tamale',
        title: 'Water for Tamale',
        description: 'A BOREHOLE for the school',
        current_amount: '900.00',
        target_amount: '100.00',
        created_at: '2025-02-01T00:00:00Z',
        category: { id: 'cat-com', name: 'Community' },
      }),
      makeCause('c', {
        name: 'Books',
        title: 'Books',
        current_amount: '300.00',
        created_at: '2025-03-01T00:00:00Z',
        organizer_id: 'org-0',
      }),
      makeCause('d', { name: 'Hidden draft', title: 'Hidden draft', status: 'under_review', is_active: false }),
    ];
    const fake = createFakeFetch((call) =>
      call.url.startsWith('/api/causes/list/') ? json(200, { count: 4, next: null, previous: null, results: causes }) : undefined,
    );
    configureApiClient({ fetch: fake.fetch });

    const online = await loadCauseList({ page: 1 }, { online: true });
    expect(online.source).toBe('network');
    await mirrorSettled();

    // Offline, a search the service worker never saw fails at once: the mirror answers it.
    configureApiClient({ fetch: createFakeFetch(() => undefined).fetch });
    const search = await loadCauseList({ search: 'borehole' }, { online: false });
    expect(search.source).toBe('saved');
    expect(search.page.results.map((c) => c.id)).toEqual(['b']);
    expect((await queryMirror({ search: 'KWAME' })).results.map((c) => c.id)).toEqual(['a']);

    // Drafts under review are not listed publicly.
    expect((await queryMirror({})).results.map((c) => c.id)).toEqual(['c', 'b', 'a']);
    expect((await queryMirror({ ordering: 'popularity' })).results.map((c) => c.id)).toEqual(['b', 'c', 'a']);
    expect((await queryMirror({ ordering: 'goal_amount' })).results.map((c) => c.id)).toEqual(['a', 'c', 'b']);
    expect((await queryMirror({ ordering: 'created_by' })).results[0].id).toBe('c');
    expect((await queryMirror({ ordering: 'category' })).results[0].id).toBe('b');
    expect((await queryMirror({ category: 'cat-com' })).results.map((c) => c.id)).toEqual(['b']);

    // Pagination over the mirror.
    const first = await queryMirror({ page: 1, page_size: 2 });
    expect(first.results).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const last = await queryMirror({ page: 2, page_size: 2 });
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();

    // A detail page never opened before comes from the list's mirror.
    const detail = await loadCause('b', { online: false });
    expect(detail).toMatchObject({ kind: 'found', source: 'saved', cause: { id: 'b', title: 'Water for Tamale' } });
    expect(await loadCause('zzz', { online: false })).toEqual({ kind: 'unavailable' });
  });

  it('falls back to the mirror when the server cannot be reached, and to samples only when nothing is saved', async () => {
    configureApiClient({ fetch: createFakeFetch(() => undefined).fetch });
    const empty = await loadCauseList({}, { online: true });
    expect(empty.source).toBe('sample');
    expect(empty.page.results).toHaveLength(8);

    await mirrorCauses([makeCause('x')]);
    const saved = await loadCauseList({}, { online: true });
    expect(saved.source).toBe('saved');
    expect(saved.page.results.map((c) => c.id)).toEqual(['x']);
  });

  it("offline, the service worker's copy of the same request answers even when the mirror was never written", async () => {
    // The page that fetched these was reloaded before its mirror write ran; the worker had stored the
    // answer in its own event. Offline, only the worker answers fetches (here: the exact list and detail).
    const seen = [makeCause('w1', { title: 'Seen online' }), makeCause('w2')];
    const worker = createFakeFetch((call) => {
      if (call.url === '/api/causes/list/?page=1&page_size=12&ordering=date_created')
        return json(200, { count: 2, next: null, previous: null, results: seen });
      if (call.url === '/api/causes/details/w1/') return json(200, seen[0]);
      return undefined;
    });
    configureApiClient({ fetch: worker.fetch });

    const list = await loadCauseList({ page: 1, ordering: 'date_created' }, { online: false });
    expect(list).toMatchObject({ source: 'saved', page: { results: [{ id: 'w1' }, { id: 'w2' }] } });
    expect(await loadCause('w1', { online: false })).toMatchObject({ kind: 'found', source: 'saved', cause: { title: 'Seen online' } });
  });

  it('a 404 is "not found", not a fallback to a stale copy', async () => {
    await mirrorCauses([makeCause('gone')]);
    configureApiClient({ fetch: createFakeFetch(() => json(404, { detail: 'Not found.', code: 'not_found' })).fetch });
    expect(await loadCause('gone', { online: true })).toEqual({ kind: 'not-found' });
  });

  it('keeps is_favorite when an anonymous answer refreshes the cause', async () => {
    await mirrorCauses([makeCause('f')]);
    await setMirrorFavorite('f', true);
    await mirrorCauses([makeCause('f', { current_amount: '200.00' })]);
    const cause = await getMirroredCause('f');
    expect(cause?.is_favorite).toBe(true);
    expect(cause?.current_amount).toBe('200.00');
    expect(cause).not.toHaveProperty('category_id');
  });

  it('listCauses sends the list query and accepts a plain array', async () => {
    const fake = createFakeFetch(() => json(200, [makeCause('p')]));
    configureApiClient({ fetch: fake.fetch });
    const page = await listCauses({ page: 2, search: ' water ', ordering: 'popularity', category: 'cat-1' });
    expect(fake.calls[0].url).toBe('/api/causes/list/?page=2&page_size=12&search=water&category=cat-1&ordering=popularity');
    expect(page).toMatchObject({ count: 1, next: null, results: [{ id: 'p' }] });
    await mirrorSettled();
    expect(await getMirroredCause('p')).not.toBeNull();
  });
});

describe('donation card math', () => {
  it('computes remaining and a percentage capped at 100', () => {
    expect(causeProgress('1000.00', '250.50')).toEqual({ goal: 100000, collected: 25050, remaining: 74950, percent: 25 });
    expect(causeProgress('100.00', '150.00')).toEqual({ goal: 10000, collected: 15000, remaining: 0, percent: 100 });
    expect(causeProgress('0.00', '0.00').percent).toBe(0);
    expect(causeProgress('0.00', '5.00').percent).toBe(100);
    expect(causeProgress('300.00', '199.99').percent).toBe(66);
  });
});
