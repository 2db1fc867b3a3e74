/** Delete Account on /profilesettings against the real server. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../src/web/stores/session-store';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { apiServer, newDonor, serverFetch, signInPage, useApiServer } from './helpers/api-server';
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

describe('Delete Account', () => {
  it('asks for the password, says a wrong one under the field, then deletes, signs out and goes home', async () => {
    const donor = await newDonor('leaving');
    signInPage(donor);
    const { router } = await renderRoute('/profilesettings', net.handler);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const password = screen.getByLabelText('Your password', { selector: 'input' });
    fireEvent.change(password, { target: { value: 'not-the-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeTruthy();
    expect(await screen.findByText('The password is not right.')).toBeTruthy();
    expect(session.access).toBeTruthy();

    fireEvent.change(password, { target: { value: 'kente-weave-2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(session.access).toBeFalsy();
    expect(toastState.toasts.map((t) => t.message)).toContain('Your account was deleted');
    const again = await fetch(`${apiServer().url}/api/user/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: donor.email, password: 'kente-weave-2025' }),
    });
    expect(again.status).toBe(401);
  });
});
