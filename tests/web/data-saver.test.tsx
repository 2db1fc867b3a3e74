// The "Save data" switch (footer of every public screen): kept on the device and in a cookie, list pictures at
// 320 px with no srcset, a story's picture only after "Show picture", and the estimate of what it saved this month.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../src/web/lib/i18n';
import { router } from '../../src/web/router';
import { savedThisMonth, setSaveData } from '../../src/web/lib/save-data';
import { makeCause, pageOf } from './helpers/causes';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { renderRoute } from './helpers/render-route';

const SIZES = { '96': '/media/small96', '320': '/media/list320', '960': '/media/wide960' };
const COVERED = { cover_image: '/media/wide960', image: '/media/wide960', cover_image_sizes: SIZES };

afterEach(async () => {
  setSaveData(false);
  localStorage.clear();
  await chooseLocale('en');
});

function api(call: RecordedCall) {
  if (call.url.startsWith('/api/categories/')) return json(200, []);
  if (call.url.startsWith('/api/causes/list/'))
    return json(200, pageOf([makeCause('p1', { title: 'Pictured', name: 'Pictured', ...COVERED })], null));
  if (call.url === '/api/causes/details/p1/') return json(200, makeCause('p1', { title: 'Pictured', name: 'Pictured', ...COVERED }));
  return undefined;
}

const cardImage = () => document.querySelector('.cause-card img') as HTMLImageElement | null;

describe('Save data', () => {
  it('turns on from the footer: list pictures at 320 px, the choice kept on the device, no preloading, what it saved shown', async () => {
    await renderRoute('/causelistpage', api);
    await screen.findByRole('link', { name: 'Pictured' });
    expect(cardImage()!.getAttribute('srcset')).toContain('/media/wide960 960w');
    expect(router.options.defaultPreload).toBe('intent');
    expect(screen.getByText('Nothing saved yet this month.')).toBeTruthy();

    const toggle = screen.getByRole('checkbox', { name: 'Save data' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    act(() => void fireEvent.click(toggle));
    expect(toggle.checked).toBe(true);
    await waitFor(() => expect(cardImage()!.getAttribute('src')).toMatch(/\/media\/list320$/));
    expect(cardImage()!.hasAttribute('srcset')).toBe(false);
    expect(localStorage.getItem('boafo_save_data')).toBe('on');
    expect(document.cookie).toContain('boafo_save_data=on');
    expect(router.options.defaultPreload).toBe(false);
    expect(savedThisMonth()).toBeGreaterThan(0);
    expect(await screen.findByText(/^Saved this month: about \d+ KB$/)).toBeTruthy();

    act(() => void fireEvent.click(toggle));
    await waitFor(() => expect(cardImage()!.getAttribute('srcset')).toContain('960w'));
    expect(localStorage.getItem('boafo_save_data')).toBeNull();
    expect(document.cookie).not.toContain('boafo_save_data=on');
  });

  it("shows a cause's story picture only when tapped", async () => {
    setSaveData(true);
    await renderRoute('/causes/p1', api);
    await screen.findByRole('heading', { level: 1, name: 'Pictured' });
    expect(document.querySelector('.cause-detail__image')?.tagName).toBe('SPAN');
    expect(document.querySelector('img.cause-detail__image')).toBeNull();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Show picture' })));
    await waitFor(() => expect(document.querySelector('img.cause-detail__image')).not.toBeNull());
  });

  it('speaks the reader’s language (Twi)', async () => {
    await chooseLocale('ak');
    await renderRoute('/causelistpage', api);
    expect(await screen.findByRole('checkbox', { name: 'Sie data' })).toBeTruthy();
  });
});
