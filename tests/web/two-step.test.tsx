/**
 * Issue #33 in the page: the sign-in form's second step (code, recovery code, remember this
 * device), and the API client's step-up: a money call refused with step_up_required opens the
 * dialog, and after the person confirms, the same call goes again and its answer comes back.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from '../../src/web/features/auth/components/sign-in-form';
import { StepUpHost } from '../../src/web/features/security/components/step-up-host';
import { TwoStepSetupPage } from '../../src/web/features/security/components/two-step-setup';
import { api, configureApiClient } from '../../src/web/lib/api-client';
import { deviceTokenFor } from '../../src/web/lib/device-tokens';
import { setTokens } from '../../src/web/stores/session-store';
import { createFakeFetch, json, type RecordedCall } from './helpers/fake-fetch';

afterEach(() => localStorage.clear());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const path = (call: RecordedCall) => new URL(call.url, 'http://x').pathname;

describe('sign-in with two-step sign-in', () => {
  it('asks for the code after the password, remembers the device, and sends its token next time', async () => {
    const fake = createFakeFetch((call) => {
      if (path(call) === '/api/user/auth/login/') {
        return (call.body as { device_token?: string }).device_token === 'device-1'
          ? json(200, { access: 'a2', refresh: 'r2' })
          : json(200, { two_step_required: true, challenge: 'ch-1', expires_in: 300, methods: ['totp', 'recovery_code'] });
      }
      const body = call.body as { code?: string; recovery_code?: string };
      if (body.code === '111111')
        return json(400, { detail: 'Wrong', code: 'validation_error', errors: { code: ['That code is not right.'] } });
      return json(200, { access: 'a1', refresh: 'r1', device_token: 'device-1' });
    });
    configureApiClient({ fetch: fake.fetch });
    const onSignedIn = vi.fn();
    const { unmount } = render(<SignInForm idPrefix="t" onSignedIn={onSignedIn} />);
    fill('Email', 'Ama@Example.com');
    fill('Password', 'kente-cloth-42');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form')!);

    const code = await screen.findByLabelText('Code from the app', { selector: 'input' });
    expect(onSignedIn).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.submit(code.closest('form')!);
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    // A recovery code instead, and remember this device.
    fireEvent.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    fill('Recovery code', 'abcd-efgh-2345');
    fireEvent.click(screen.getByLabelText('Remember this device for 30 days'));
    fireEvent.submit(screen.getByLabelText('Recovery code', { selector: 'input' }).closest('form')!);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ access: 'a1', refresh: 'r1', device_token: 'device-1' }));
    expect(fake.calls.at(-1)!.body).toEqual({ challenge: 'ch-1', recovery_code: 'abcd-efgh-2345', remember_device: true });
    expect(deviceTokenFor('ama@example.com')).toBe('device-1');
    unmount();

    // Next time on this device: the token goes with the password and no code is asked.
    render(<SignInForm idPrefix="t2" onSignedIn={onSignedIn} />);
    fill('Email', 'ama@example.com');
    fill('Password', 'kente-cloth-42');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form')!);
    await waitFor(() => expect(onSignedIn).toHaveBeenLastCalledWith({ access: 'a2', refresh: 'r2' }));
    expect((fake.calls.at(-1)!.body as { device_token: string }).device_token).toBe('device-1');
  });
});

describe('step-up before money moves', () => {
  it('opens the dialog on step_up_required, checks the password, then sends the same call again', async () => {
    let confirmed = false;
    const fake = createFakeFetch((call) => {
      const p = path(call);
      if (p === '/api/user/security/') return json(200, { two_step: { enabled: false }, step_up_with: 'password' });
      if (p === '/api/user/security/step-up/') {
        if ((call.body as { password: string }).password !== 'right-one-1')
          return json(400, { detail: 'No', code: 'validation_error', errors: { password: ['That password is not right.'] } });
        confirmed = true;
        return json(200, { verified_until: new Date(Date.now() + 600_000).toISOString() });
      }
      if (p === '/api/withdrawals/') {
        return confirmed
          ? json(201, { id: 'w1' })
          : json(403, { detail: 'Confirm it is you with your password, then try again.', code: 'step_up_required' });
      }
      return undefined;
    });
    configureApiClient({ fetch: fake.fetch });
    setTokens('header.eyJzdWIiOiJ1MSIsInVzZXJfaWQiOiJ1MSJ9.sig', 'refresh-1');
    render(<StepUpHost />);
    let answer: unknown = null;
    const pending = api.post('/api/withdrawals/', { cause_id: 'c1', amount: '5.00' }).then((a) => (answer = a));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog.textContent).toContain('Confirm it is you with your password');
    const password = await screen.findByLabelText('Your password', { selector: 'input' });
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByText('That password is not right.')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'right-one-1' } });
    await act(async () => {
      fireEvent.submit(password.closest('form')!);
      await pending;
    });
    expect(answer).toEqual({ id: 'w1' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls.filter((c) => path(c) === '/api/withdrawals/')).toHaveLength(2);
  });

  it('gives the refusal back when the person cancels', async () => {
    const fake = createFakeFetch((call) =>
      path(call) === '/api/user/security/'
        ? json(200, { two_step: { enabled: true }, step_up_with: 'code' })
        : json(403, { detail: 'Confirm it is you with a code from your authenticator app, then try again.', code: 'step_up_required' }),
    );
    configureApiClient({ fetch: fake.fetch });
    setTokens('header.eyJzdWIiOiJ1MSIsInVzZXJfaWQiOiJ1MSJ9.sig', 'refresh-1');
    render(<StepUpHost />);
    const pending = api.post('/api/admin/donations/d1/refund/', {}).catch((error: Error) => error);
    expect(await screen.findByLabelText('Code from your authenticator app', { selector: 'input' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(String(await pending)).toMatch(/API 403/);
  });
});

describe('turning two-step sign-in off', () => {
  const statusOn = { enabled: true, enabled_at: '2026-11-01T10:00:00Z', recovery_codes_left: 9 };
  const statusOff = { enabled: false, enabled_at: null, recovery_codes_left: 0 };

  it('asks for a code, shows a wrong one at the field, and shows set-up again once it is off', async () => {
    let on = true;
    const fake = createFakeFetch((call) => {
      if (path(call) === '/api/user/security/') {
        return json(200, { two_step: on ? statusOn : statusOff, two_step_required: false, verified_until: null, step_up_with: 'code' });
      }
      if (path(call) === '/api/user/security/two-step/setup/')
        return json(200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://x', qr_svg: '<svg/>' });
      const body = call.body as { code?: string; recovery_code?: string };
      if (body.code === '111111')
        return json(400, { detail: 'Wrong', code: 'validation_error', errors: { code: ['That code is not right.'] } });
      on = false;
      return new Response(null, { status: 204 });
    });
    configureApiClient({ fetch: fake.fetch });
    render(<TwoStepSetupPage isAdmin={false} onDone={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn two-step sign-in off' }));
    const submit = screen.getByRole('button', { name: 'Turn it off' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fill('Code from the app', '111111');
    fireEvent.submit(submit.closest('form')!);
    expect(await screen.findByText('That code is not right.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fill('Recovery code', 'abcd-efgh-2345');
    fireEvent.submit(screen.getByRole('button', { name: 'Turn it off' }).closest('form')!);
    await screen.findByTestId('two-step-secret');
    const disables = fake.calls.filter((call) => path(call) === '/api/user/security/two-step/disable/');
    expect(disables.map((call) => call.body)).toEqual([{ code: '111111' }, { recovery_code: 'abcd-efgh-2345' }]);
  });

  it('is not offered to admins, who must keep it', async () => {
    configureApiClient({
      fetch: createFakeFetch(() => json(200, { two_step: statusOn, two_step_required: true, verified_until: null, step_up_with: 'code' }))
        .fetch,
    });
    render(<TwoStepSetupPage isAdmin onDone={() => undefined} />);
    await screen.findByRole('button', { name: 'Make new recovery codes' });
    expect(screen.queryByRole('button', { name: 'Turn two-step sign-in off' })).toBeNull();
  });
});
