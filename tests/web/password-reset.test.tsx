/**
 * Forgot password → email → new password, on the real server (its mail is kept in the database,
 * read back as an admin would at Outgoing mail).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { apiServer, lastMailText, newDonor, serverFetch, signInPage, useApiServer } from './helpers/api-server';
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

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

async function login(email: string, password: string): Promise<number> {
  const response = await fetch(`${apiServer().url}/api/user/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe('forgotten password', () => {
  it('from /sign-in: ask for a link, follow it, choose a new password, sign in with it', async () => {
    const donor = await newDonor('forgetful');
    await renderRoute('/sign-in', net.handler);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' })));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();

    fill('Email', donor.email);
    const send = screen.getByRole('button', { name: 'Send reset link' });
    fireEvent.click(send);
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(/we have sent it a link/, { selector: '[role="status"]' })).toBeTruthy();

    const text = (await lastMailText(donor.email))!;
    const token = /\/reset-password\?token=([\w%-]+)/.exec(text)![1];
    cleanup();
    const { router } = await renderRoute(`/reset-password?token=${token}`, net.handler);
    fill('New password', 'fresh-kente-2026');
    fill('Confirm new password', 'fresh-kente-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(toastState.toasts.map((t) => t.message)).toContain('Password changed. Sign in with your new password.');
    expect(await login(donor.email, 'fresh-kente-2026')).toBe(200);
    expect(await login(donor.email, 'kente-weave-2025')).toBe(401);

    // The same link again: the page says why, the password stays.
    cleanup();
    await renderRoute(`/reset-password?token=${token}`, net.handler);
    fill('New password', 'another-kente-2026');
    fill('Confirm new password', 'another-kente-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/invalid, used or expired/);
    expect(await login(donor.email, 'fresh-kente-2026')).toBe(200);
  });

  it("shows the server's field message when the two passwords differ, and keeps what was typed", async () => {
    await renderRoute('/reset-password?token=whatever', net.handler);
    fill('New password', 'fresh-kente-2026');
    fill('Confirm new password', 'fresh-kente-2027');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect((screen.getByLabelText('New password', { selector: 'input' }) as HTMLInputElement).value).toBe('fresh-kente-2026');
  });

  it('without a token the page explains and offers a new link', async () => {
    await renderRoute('/reset-password', net.handler);
    expect(screen.getByRole('alert').textContent).toMatch(/needs the link from the reset email/);
    expect(screen.getByRole('link', { name: 'Ask for a new one' }).getAttribute('href')).toBe('/forgot-password');
  });
});

describe('/adminmail', () => {
  it('lists kept mail newest first and opens a message as plain text', async () => {
    const donor = await newDonor('mailed');
    await fetch(`${apiServer().url}/api/user/password-reset/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: donor.email }),
    });
    const tokens = await (
      await fetch(`${apiServer().url}/api/user/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(apiServer().admin),
      })
    ).json();
    signInPage({ id: '', email: apiServer().admin.email, access: tokens.access, refresh: tokens.refresh });
    await renderRoute('/adminmail', net.handler);
    expect(await screen.findByRole('heading', { name: 'Outgoing mail' })).toBeTruthy();
    const item = (await screen.findByText(`To ${donor.email}`, { exact: false })).closest('li')!;
    expect(within(item).getByText('Reset your Boafo password')).toBeTruthy();
    expect(within(item).getByText('Kept')).toBeTruthy();
    const read = within(item).getByRole('button', { name: 'Read message' });
    expect(read.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(read);
    expect(read.getAttribute('aria-expanded')).toBe('true');
    expect((await within(item).findByText(/reset-password\?token=/)).tagName).toBe('PRE');
  });
});
