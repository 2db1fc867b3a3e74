/** The answers a first-load page carries save a guest's first read its round trip, once. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CAUSE_LIST_PATH } from '../../src/shared/cause-paths';
import { createFakeFetch, fakeJwt, json } from './helpers/fake-fetch';

const PAGE = { count: 1, next: null, previous: null, results: [{ id: 'c-1', name: 'Borehole' }] };
const FROM_NETWORK = { count: 0, next: null, previous: null, results: [] };

/** A fresh app (module state included) on a page that carries `answers`. */
async function loadApp(answers: unknown) {
  document.body.innerHTML = `<script type="application/json" id="boot-answers">${JSON.stringify(answers)}</script><div id="root"></div>`;
  vi.resetModules();
  const client = await import('../../src/web/lib/api-client');
  const store = await import('../../src/web/stores/session-store');
  const fake = createFakeFetch(() => json(200, FROM_NETWORK));
  client.configureApiClient({ fetch: fake.fetch });
  return { ...client, ...store, fake };
}

beforeEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('boot answers', () => {
  it('answer a guest read of the same path once, then the network answers', async () => {
    const app = await loadApp({ [FIRST_CAUSE_LIST_PATH]: PAGE });
    await expect(app.api.get(FIRST_CAUSE_LIST_PATH)).resolves.toEqual(PAGE);
    expect(app.fake.calls).toHaveLength(0);
    // Read once: the script is gone from the page and a second read goes out.
    expect(document.getElementById('boot-answers')).toBeNull();
    await expect(app.api.get(FIRST_CAUSE_LIST_PATH)).resolves.toEqual(FROM_NETWORK);
    expect(app.fake.calls).toHaveLength(1);
  });

  it('never answer another path, another method, or a signed-in read', async () => {
    const app = await loadApp({ [FIRST_CAUSE_LIST_PATH]: PAGE });
    await app.api.get('/api/causes/list/?page=2&page_size=12&ordering=date_created');
    await app.api.post(FIRST_CAUSE_LIST_PATH, {});
    app.setTokens(fakeJwt({ user_id: 'u-1', role: 'user' }), 'refresh-1');
    // A signed-in list carries the donor's favourites: the guest copy must not stand in for it.
    await expect(app.api.get(FIRST_CAUSE_LIST_PATH)).resolves.toEqual(FROM_NETWORK);
    expect(app.fake.calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('expire: a read long after load goes to the network', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await loadApp({ [FIRST_CAUSE_LIST_PATH]: PAGE });
    await app.api.get('/api/categories/'); // the first read of the page notes when it loaded
    vi.setSystemTime(Date.now() + 31_000);
    await expect(app.api.get(FIRST_CAUSE_LIST_PATH)).resolves.toEqual(FROM_NETWORK);
  });

  it('cost nothing when the page has none or they are broken', async () => {
    document.body.innerHTML = '<script type="application/json" id="boot-answers">{not json</script>';
    vi.resetModules();
    const client = await import('../../src/web/lib/api-client');
    const fake = createFakeFetch(() => json(200, FROM_NETWORK));
    client.configureApiClient({ fetch: fake.fetch });
    await expect(client.api.get(FIRST_CAUSE_LIST_PATH)).resolves.toEqual(FROM_NETWORK);
  });
});
