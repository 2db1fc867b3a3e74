import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from '../../src/web/features/auth/components/sign-in-form';
import { SignUpForm } from '../../src/web/features/auth/components/sign-up-form';
import { configureApiClient } from '../../src/web/lib/api-client';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { createFakeFetch, deferred, json, type RecordedCall } from './helpers/fake-fetch';

afterEach(() => clearToasts());

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

function fillSignUp() {
  fill('First name', 'Kofi');
  fill('Last name', 'Boateng');
  fill('Email', 'kofi@example.com');
  fill('Password', 'secret-pass-1');
  fill('Confirm password', 'secret-pass-2');
}

const CONFIG = { google_auth_url: 'https://accounts.google.com/o/oauth2/auth?x=1', facebook_auth_url: null };

describe('SignUpForm', () => {
  it('shows server field errors under their fields, keeps the input, and toasts failure', async () => {
    const answer = deferred<Response>();
    const fake = createFakeFetch((call: RecordedCall) => (call.url === '/api/config/' ? json(200, CONFIG) : answer.promise));
    configureApiClient({ fetch: fake.fetch });
    const onSignedUp = vi.fn();
    render(<SignUpForm onSignedUp={onSignedUp} />);

    // Provider links only for what the server configured.
    expect((await screen.findByRole('link', { name: 'Google' })).getAttribute('href')).toBe(CONFIG.google_auth_url);
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();

    fillSignUp();
    fireEvent.submit(screen.getByRole('button', { name: 'Sign up' }).closest('form')!);
    const busy = await screen.findByRole('button', { name: 'Signing up...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    await act(async () =>
      answer.resolve(
        json(400, {
          detail: 'Please correct the highlighted fields.',
          code: 'validation_error',
          errors: { password2: ['Passwords do not match.'], email: ['Enter a valid email address.'] },
        }),
      ),
    );

    const confirm = screen.getByLabelText('Confirm password', { selector: 'input' });
    const message = await screen.findByText('Passwords do not match.');
    expect(confirm.getAttribute('aria-describedby')).toBe(message.id);
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    const email = screen.getByLabelText('Email', { selector: 'input' });
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Enter a valid email address.');
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields.');
    expect(screen.getByLabelText('Password', { selector: 'input' }).getAttribute('aria-invalid')).toBeNull();

    expect((email as HTMLInputElement).value).toBe('kofi@example.com');
    expect((confirm as HTMLInputElement).value).toBe('secret-pass-2');
    expect(toasts()).toEqual(['error:Sign up failed']);
    expect(onSignedUp).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();

    const signup = fake.calls.find((c) => c.url === '/api/user/auth/signup/')!;
    expect(signup.body).toEqual({
      first_name: 'Kofi',
      last_name: 'Boateng',
      email: 'kofi@example.com',
      password: 'secret-pass-1',
      password2: 'secret-pass-2',
    });
  });

  it("toasts 'Account created' and moves on after success", async () => {
    configureApiClient({
      fetch: createFakeFetch((call) => (call.url === '/api/config/' ? json(200, {}) : json(201, { id: 'u-1' }))).fetch,
    });
    const onSignedUp = vi.fn();
    render(<SignUpForm onSignedUp={onSignedUp} />);
    fillSignUp();
    fireEvent.submit(screen.getByRole('button', { name: 'Sign up' }).closest('form')!);
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledOnce());
    expect(toasts()).toEqual(['success:Account created']);
    expect(screen.queryByRole('link', { name: 'Google' })).toBeNull();
  });

  it('toggles password visibility with a pressed-state button', async () => {
    configureApiClient({ fetch: createFakeFetch(() => json(200, {})).fetch });
    render(<SignUpForm onSignedUp={() => {}} />);
    const toggle = screen.getByRole('button', { name: 'Show password confirmation' });
    const input = screen.getByLabelText('Confirm password', { selector: 'input' }) as HTMLInputElement;
    expect([input.type, toggle.getAttribute('aria-pressed')]).toEqual(['password', 'false']);
    fireEvent.click(toggle);
    expect([input.type, toggle.getAttribute('aria-pressed')]).toEqual(['text', 'true']);
  });
});

describe('SignInForm', () => {
  it("shows the server's detail inline and toasts 'Sign-in failed'", async () => {
    configureApiClient({
      fetch: createFakeFetch(() => json(401, { detail: 'Invalid email or password.', code: 'invalid_credentials' })).fetch,
    });
    const onSignedIn = vi.fn();
    render(<SignInForm idPrefix="t" onSignedIn={onSignedIn} />);
    fill('Email', 'ama@example.com');
    fill('Password', 'wrong-password');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(toasts()).toEqual(['error:Sign-in failed']);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement).value).toBe('ama@example.com');
  });

  it('passes the tokens on success', async () => {
    const fake = createFakeFetch(() => json(200, { access: 'a.b.c', refresh: 'r' }));
    configureApiClient({ fetch: fake.fetch });
    const onSignedIn = vi.fn();
    render(<SignInForm idPrefix="t" onSignedIn={onSignedIn} />);
    fill('Email', 'ama@example.com');
    fill('Password', 'right-password');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form')!);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ access: 'a.b.c', refresh: 'r' }));
    expect(fake.calls[0]).toMatchObject({ url: '/api/user/auth/login/', body: { email: 'ama@example.com', password: 'right-password' } });
  });
});
