/**
 * Giving without data (issue #32) on the web: the cause page shows what a phone dials, its organizer
 * prints a poster or flyers from it (fetched with the token, saved as a file), and the admins' phone
 * simulator plays a USSD session through either gateway against the real API.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { setTokens } from '../../src/web/stores/session-store';
import { apiServer, serverFetch, useApiServer } from './helpers/api-server';
import { makeCause } from './helpers/causes';
import { deferred, json } from './helpers/fake-fetch';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const ORGANIZER = 'org-1';
const saved: string[] = [];

beforeEach(() => {
  saved.length = 0;
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:poster'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  clearToasts();
  signOut();
});

const coded = makeCause('c1', { title: 'Roof for Nkawkaw', name: 'Roof for Nkawkaw', short_code: '371828', ussd_dial: '*920*44*371828#' });

describe('the cause page for phones without data', () => {
  it('shows what to dial, or the code alone, and nothing before approval', async () => {
    await renderRoute('/causes/c1', (call) => (call.url === '/api/causes/details/c1/' ? json(200, coded) : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Roof for Nkawkaw' });
    expect(screen.getByText('Give by phone').nextElementSibling!.textContent).toBe('Dial *920*44*371828#');
    // A guest prints nothing.
    expect(screen.queryByRole('button', { name: 'Print a poster (A4)' })).toBeNull();
  });

  it('shows the code alone without a service code, and no line for a cause not yet approved', async () => {
    const plain = { ...coded, id: 'c2', ussd_dial: null };
    const draft = makeCause('c3', { status: 'under_review', is_active: false, short_code: null, ussd_dial: null });
    await renderRoute('/causes/c2', (call) => (call.url === '/api/causes/details/c2/' ? json(200, plain) : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Roof for Nkawkaw' });
    expect(screen.getByText('Give by phone').nextElementSibling!.textContent).toBe('Cause code 371828');
    await renderRoute('/causes/c3', (call) => (call.url === '/api/causes/details/c3/' ? json(200, draft) : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Cause c3' });
    expect(screen.queryAllByText('Give by phone')).toHaveLength(1);
  });

  it('lets the organizer print the poster and the flyers with the token, one at a time', async () => {
    signInAs({ id: ORGANIZER });
    const gate = deferred<Response>();
    const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    const { calls } = await renderRoute('/causes/c1', (call) => {
      if (call.url === '/api/causes/details/c1/') return json(200, coded);
      if (call.url === '/api/causes/c1/poster.pdf?format=a4&lang=en') return gate.promise;
      if (call.url === '/api/causes/c1/poster.pdf?format=flyer&lang=en')
        return json(409, { detail: 'A poster is printed for an approved cause that is still open.', code: 'conflict' });
      return undefined;
    });
    const group = within(await screen.findByRole('group', { name: 'Print a poster' }));
    await act(async () => fireEvent.click(group.getByRole('button', { name: 'Print a poster (A4)' })));
    expect((group.getByRole('button', { name: 'Preparing…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((group.getByRole('button', { name: 'Flyers, four to a page' }) as HTMLButtonElement).disabled).toBe(true);
    const call = calls.find((c) => c.url.includes('poster.pdf'))!;
    expect(call.headers.authorization).toMatch(/^Bearer /);
    await act(async () => gate.resolve(pdf()));
    await waitFor(() => expect(saved).toEqual(['boafo-poster-371828-a4.pdf']));
    await act(async () => fireEvent.click(group.getByRole('button', { name: 'Flyers, four to a page' })));
    await waitFor(() =>
      expect(toastState.toasts.map((t) => t.message)).toContain('A poster is printed for an approved cause that is still open.'),
    );
    expect(saved).toHaveLength(1);
  });
});

async function signInAdmin() {
  const { url, admin } = apiServer();
  const response = await fetch(`${url}/api/user/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const tokens = (await response.json()) as { access: string; refresh: string };
  setTokens(tokens.access, tokens.refresh);
}

describe('/adminussd against the real API', () => {
  it('plays a session through Africa’s Talking, then Hubtel, showing the screen and the wire', async () => {
    useApiServer();
    await signInAdmin();
    const net = serverFetch();
    await renderRoute('/adminussd', net.handler);
    await screen.findByRole('heading', { level: 1, name: 'USSD phone simulator' });
    const phoneScreen = () => screen.getByRole('status', { name: 'Phone screen' }).textContent;
    expect(phoneScreen()).toBe('Dial to start a session.');

    fireEvent.click(screen.getByRole('radio', { name: 'Africa’s Talking' }));
    fireEvent.change(screen.getByLabelText('Calling phone number'), { target: { value: '024 555 0101' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Dial' })));
    await waitFor(() => expect(phoneScreen()).toBe('Boafo\n1 Give to a cause\n2 Check a cause\n3 My last gifts\n0 Language'));
    expect((screen.getByRole('button', { name: 'Dial' }) as HTMLButtonElement).disabled).toBe(true);
    const reply = async (value: string) => {
      fireEvent.change(screen.getByLabelText('Reply'), { target: { value } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Sending…' })).toBeNull());
    };
    await reply('2');
    expect(phoneScreen()).toMatch(/^Check a cause\n/);
    expect(screen.getByText(/text=2&networkCode=62001/)).toBeTruthy();
    expect(screen.getByText(/^CON Check a cause/)).toBeTruthy();
    await reply('3');
    expect(phoneScreen()).toMatch(/^A cause code has 6 digits\./);
    expect(screen.getByText(/text=2\*3&networkCode=62001/)).toBeTruthy();
    await reply('4');
    await reply('5');
    await waitFor(() => expect(screen.getByText('The session has ended.')).toBeTruthy());
    expect(phoneScreen()).toMatch(/did not work three times/);
    expect(screen.getByText(/^END Sorry/)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start again' })));
    fireEvent.click(screen.getByRole('radio', { name: 'Hubtel' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Dial' })));
    await waitFor(() => expect(phoneScreen()).toMatch(/^Boafo\n/));
    expect(screen.getByText(/"Type": "initiation"/)).toBeTruthy();
    expect(screen.getByText(/"Type": "response"/)).toBeTruthy();
    const steps = net.calls.filter((c) => new URL(c.url).pathname === '/api/admin/ussd/simulate/');
    expect(steps.map((c) => (c.body as { gateway: string }).gateway)).toEqual([
      'africastalking',
      'africastalking',
      'africastalking',
      'africastalking',
      'africastalking',
      'hubtel',
    ]);
  });
});
