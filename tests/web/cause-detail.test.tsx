import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMirroredCause, mirrorCauses, setMirrorDb } from '../../src/web/features/causes/api/cause-mirror';
import { BoafoDb, getDb } from '../../src/web/features/offline/db';
import { startOffline } from '../../src/web/features/offline/start-offline';
import { clearToasts } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { json } from './helpers/fake-fetch';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

let n = 0;
let db: BoafoDb;
beforeEach(() => {
  db = new BoafoDb(`detail-test-${++n}`);
  setMirrorDb(db);
});
afterEach(() => {
  clearToasts();
  signOut();
  setMirrorDb(null);
  db.close();
  setOnline(true);
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('cause detail', () => {
  it('shows the real cause with progress, donors, organizer link and Donate', async () => {
    const cause = makeCause('c1', {
      title: 'Water for Tamale',
      name: 'Water for Tamale',
      target_amount: '200.00',
      current_amount: '50.00',
      donor_count: 7,
      organizer_id: 'org-9',
      organizer_name: 'Fatima',
    });
    await renderRoute('/causes/c1', (call) => (call.url === '/api/causes/details/c1/' ? json(200, cause) : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Water for Tamale' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText(/7 donors/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fatima' }).getAttribute('href')).toBe('/organizerprofilepage?id=org-9');
    expect((screen.getByRole('button', { name: 'Donate' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Share Water for Tamale' })).toBeTruthy();
    expect(screen.queryByText('offline — showing saved causes')).toBeNull();
    // Anonymous: no favorite toggle.
    expect(screen.queryByRole('button', { name: /favorites/ })).toBeNull();
  });

  it('disables Donate with a reason when the cause does not take donations', async () => {
    const cause = makeCause('c2', { status: 'closed', is_active: false, accepts_donations: false });
    await renderRoute('/causedetailpage?id=c2', (call) => (call.url === '/api/causes/details/c2/' ? json(200, cause) : undefined));
    const donate = (await screen.findByRole('button', { name: 'Donate' })) as HTMLButtonElement;
    expect(donate.disabled).toBe(true);
    expect(document.getElementById(donate.getAttribute('aria-describedby')!)!.textContent).toBe(
      'This cause is closed and no longer takes donations.',
    );
    // Its cart line would be refused too: Add to Cart says why the same way.
    const addToCart = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    expect(addToCart.disabled).toBe(true);
    expect(addToCart.getAttribute('aria-describedby')).toBe(donate.getAttribute('aria-describedby'));
    expect(screen.getByText('Closed')).toBeTruthy();
  });

  it('404 shows "Cause not found" with a link to the list', async () => {
    await renderRoute('/causes/nope', () => json(404, { detail: 'Not found.', code: 'not_found' }));
    expect(await screen.findByRole('heading', { name: 'Cause not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse causes' }).getAttribute('href')).toBe('/causelistpage');
  });

  it('offline: opens a never-opened cause from the mirror, and favoriting goes to the outbox at once', async () => {
    signInAs();
    await mirrorCauses([makeCause('m1', { title: 'Saved cause', name: 'Saved cause' })]);
    await getDb().outbox.clear();
    const stop = startOffline({ refreshAccess: async () => null });
    setOnline(false);
    try {
      await renderRoute('/causes/m1', () => undefined);
      expect(await screen.findByRole('heading', { level: 1, name: 'Saved cause' })).toBeTruthy();
      expect(screen.getByText('offline — showing saved causes').getAttribute('role')).toBe('status');

      const toggle = screen.getByRole('button', { name: '♡ Add to favorites' });
      await act(async () => fireEvent.click(toggle));
      await waitFor(async () => expect((await getMirroredCause('m1'))?.is_favorite).toBe(true));
      const entries = await getDb().outbox.toArray();
      expect(entries.map((e) => [e.method, e.url, e.body])).toEqual([['POST', '/api/favorites/', { cause_id: 'm1' }]]);
      expect(screen.getByRole('button', { name: '♥ Saved to favorites' }).getAttribute('aria-pressed')).toBe('true');
    } finally {
      stop();
      await getDb().outbox.clear();
    }
  });
});
