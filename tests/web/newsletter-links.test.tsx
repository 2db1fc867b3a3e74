/** The pages newsletter mails link to, against the real server: nothing happens until the button is pressed. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { apiServer, lastMailText, serverFetch, signInPage, useApiServer } from './helpers/api-server';
import { renderRoute, signOut } from './helpers/render-route';

let net: ReturnType<typeof serverFetch>;
beforeEach(() => {
  useApiServer();
  net = serverFetch();
});
afterEach(() => {
  cleanup();
  signOut();
  clearToasts();
});

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${apiServer().url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response.json();
}

describe('newsletter link pages', () => {
  it('/unsubscribe asks first, then unsubscribes with the token; an unknown token says so', async () => {
    await renderRoute('/unsubscribe?token=not-a-real-token', net.handler);
    expect(screen.getByRole('heading', { name: 'Unsubscribe from the newsletter' })).toBeTruthy();
    expect(net.calls.filter((c) => c.url.includes('/api/newsletter/'))).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid.');
    const call = net.calls.find((c) => c.url.includes('/api/newsletter/unsubscribe/'))!;
    expect(call.method).toBe('POST');
    expect(new URL(call.url).searchParams.get('token')).toBe('not-a-real-token');
    expect(apiServer().url).toBeTruthy();
  });

  it('/newsletter-confirm without a token explains what is missing', async () => {
    await renderRoute('/newsletter-confirm', net.handler);
    expect(screen.getByRole('alert').textContent).toMatch(/needs the link from your email/);
    expect(screen.queryByRole('button', { name: 'Confirm my subscription' })).toBeNull();
  });
});

describe('newsletter from sign-up to issue', () => {
  it('subscribe → confirm on the page → an admin sends an issue that is queued for the confirmed address', async () => {
    const email = `reader.${Date.now()}@example.com`;
    await post('/api/newsletter/subscribe/', { email });
    const token = /\/newsletter-confirm\?token=([\w%-]+)/.exec((await lastMailText(email))!)![1];
    await renderRoute(`/newsletter-confirm?token=${token}`, net.handler);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my subscription' }));
    expect(await screen.findByText(/you will get the Boafo newsletter/)).toBeTruthy();
    cleanup();

    const admin = await post('/api/user/auth/login/', apiServer().admin);
    signInPage({ id: '', email: apiServer().admin.email, access: admin.access, refresh: admin.refresh });
    await renderRoute('/adminmail', net.handler);
    expect(await screen.findByText(/Goes to \d+ confirmed subscribers?\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Yendi has water' } });
    fireEvent.change(screen.getByLabelText('Message (blank lines start a new paragraph)'), {
      target: { value: 'The borehole is done.\n\nThank you.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send newsletter' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy();
    await waitFor(() => expect(toastState.toasts.map((t) => t.message).join()).toMatch(/Newsletter queued for \d+ subscribers?/));
    expect(await lastMailText(email)).toContain('The borehole is done.');
  });
});
