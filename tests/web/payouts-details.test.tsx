import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetProviderLists } from '../../src/web/features/payouts/api/payouts-api';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { BANKS, MOMO, MOMO_DETAILS, notFound, route, shellCalls } from './helpers/payouts';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);

beforeEach(() => forgetProviderLists());
afterEach(() => {
  clearToasts();
  signOut();
});

interface Options {
  saved?: unknown;
  verify?: (call: RecordedCall) => Response;
  save?: (call: RecordedCall) => Response;
}

async function openSettings(options: Options = {}) {
  signInAs({ id: 'me-1' });
  const result = await renderRoute('/profilesettings', (call) => {
    const { path } = route(call);
    if (path === '/api/user/banks/') return json(200, BANKS);
    if (path === '/api/user/mobile-money/') return json(200, { results: MOMO });
    if (path === '/api/user/validate-bank-account/') {
      return options.verify?.(call) ?? json(200, { bank_code: 'GCB', account_number: '1234567890', account_name: 'KOFI MENSAH' });
    }
    if (path === '/api/user/profile/' && call.method === 'PUT') {
      if (options.save) return options.save(call);
      const body = call.body as { withdrawal_address: string };
      return json(200, { first_name: 'Ama', withdrawal_address: JSON.parse(body.withdrawal_address) });
    }
    return shellCalls(call, { bio: 'Health', withdrawal_address: options.saved ?? null }) ?? notFound();
  });
  const section = (await screen.findByRole('heading', { name: 'Withdrawal details' })).closest('section')!;
  return { ...result, section: section as HTMLElement };
}

const puts = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/user/profile/' && c.method === 'PUT');

describe('withdrawal details in /profilesettings', () => {
  it('bank: Verify account shows the resolved name, and Save sends that WithdrawalDetails as JSON text', async () => {
    const { section, calls } = await openSettings();
    const s = within(section);
    fireEvent.click(await s.findByRole('radio', { name: 'Bank transfer' }));
    await waitFor(() => expect(s.getAllByRole('option', { name: 'GCB Bank' })).toHaveLength(1));
    fireEvent.change(s.getByLabelText('Bank'), { target: { value: 'GCB' } });
    fireEvent.change(s.getByLabelText('Account number'), { target: { value: '1234567890' } });

    // Saving before verifying is refused on the device.
    fireEvent.click(s.getByRole('button', { name: 'Save withdrawal details' }));
    expect(s.getByText('Verify the account before saving.')).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);

    fireEvent.click(s.getByRole('button', { name: 'Verify account' }));
    await waitFor(() => expect(s.getByRole('status').textContent).toBe('Account name: KOFI MENSAH'));
    const verify = calls.find((c) => c.url === '/api/user/validate-bank-account/')!;
    expect([verify.method, verify.body]).toEqual(['POST', { bank_code: 'GCB', account_number: '1234567890' }]);

    fireEvent.click(s.getByRole('button', { name: 'Save withdrawal details' }));
    expect((s.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(toasts()).toEqual(['success:Withdrawal details saved']));
    const [put] = puts(calls);
    expect(Object.keys(put.body as object)).toEqual(['withdrawal_address']);
    expect(JSON.parse((put.body as { withdrawal_address: string }).withdrawal_address)).toEqual({
      type: 'bank',
      bank_code: 'GCB',
      bank_name: 'GCB Bank',
      account_number: '1234567890',
      account_name: 'KOFI MENSAH',
    });
    // The saved view masks the number.
    expect(s.getByTestId('saved-destination').textContent).toBe('GCB Bank •••• 7890');
    expect(s.getByText('KOFI MENSAH')).toBeTruthy();
    expect(s.queryByLabelText('Account number')).toBeNull();
  });

  it("bank: shows the server's verify error inline and no account name", async () => {
    const { section } = await openSettings({
      verify: () =>
        json(400, {
          detail: 'Invalid input.',
          code: 'validation_error',
          errors: { account_number: ['We could not find this account at GCB Bank.'] },
        }),
    });
    const s = within(section);
    fireEvent.click(await s.findByRole('radio', { name: 'Bank transfer' }));
    await waitFor(() => expect(s.getAllByRole('option', { name: 'GCB Bank' })).toHaveLength(1));
    fireEvent.change(s.getByLabelText('Bank'), { target: { value: 'GCB' } });
    fireEvent.change(s.getByLabelText('Account number'), { target: { value: '0000000000' } });
    fireEvent.click(s.getByRole('button', { name: 'Verify account' }));
    const input = s.getByLabelText('Account number');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'We could not find this account at GCB Bank.',
    );
    expect(s.queryByText(/Account name:/)).toBeNull();
  });

  it('mobile money: checks the Ghana number on the device, then saves provider, phone and name', async () => {
    const { section, calls } = await openSettings();
    const s = within(section);
    expect((s.getByRole('radio', { name: 'Mobile money' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(s.getAllByRole('option', { name: 'MTN Mobile Money' })).toHaveLength(1));
    fireEvent.change(s.getByLabelText('Mobile money provider'), { target: { value: 'MTN' } });
    fireEvent.change(s.getByLabelText('Mobile money number'), { target: { value: '12345' } });
    fireEvent.change(s.getByLabelText('Name on the wallet'), { target: { value: 'Ama Mensah' } });
    fireEvent.click(s.getByRole('button', { name: 'Save withdrawal details' }));
    expect(s.getByText('Enter a Ghana mobile number, for example 024 123 4567.')).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);

    fireEvent.change(s.getByLabelText('Mobile money number'), { target: { value: '+233 24 123 4567' } });
    // Enter in a field saves the details, not the profile form around them.
    await act(async () => {
      fireEvent.keyDown(s.getByLabelText('Name on the wallet'), { key: 'Enter' });
    });
    await waitFor(() => expect(toasts()).toEqual(['success:Withdrawal details saved']));
    expect(puts(calls)).toHaveLength(1);
    expect(JSON.parse((puts(calls)[0].body as { withdrawal_address: string }).withdrawal_address)).toEqual(MOMO_DETAILS);
    expect(s.getByTestId('saved-destination').textContent).toBe('MTN Mobile Money •••• 4567');
  });

  it("shows the server's refusal inline and keeps the form", async () => {
    const { section } = await openSettings({
      save: () =>
        json(400, {
          detail: 'Invalid input.',
          code: 'validation_error',
          errors: { 'withdrawal_address.phone_number': ['This number is not an MTN number.'] },
        }),
    });
    const s = within(section);
    await waitFor(() => expect(s.getAllByRole('option', { name: 'MTN Mobile Money' })).toHaveLength(1));
    fireEvent.change(s.getByLabelText('Mobile money provider'), { target: { value: 'MTN' } });
    fireEvent.change(s.getByLabelText('Mobile money number'), { target: { value: '0201234567' } });
    fireEvent.change(s.getByLabelText('Name on the wallet'), { target: { value: 'Ama Mensah' } });
    fireEvent.click(s.getByRole('button', { name: 'Save withdrawal details' }));
    expect(await s.findByText('This number is not an MTN number.')).toBeTruthy();
    expect(toasts()).toEqual([]);
    expect((s.getByRole('button', { name: 'Save withdrawal details' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens on the saved, masked destination and can change it', async () => {
    const { section } = await openSettings({ saved: MOMO_DETAILS });
    const s = within(section);
    expect((await s.findByTestId('saved-destination')).textContent).toBe('MTN Mobile Money •••• 4567');
    fireEvent.click(s.getByRole('button', { name: 'Change withdrawal details' }));
    expect((s.getByLabelText('Mobile money number') as HTMLInputElement).value).toBe('0241234567');
    fireEvent.click(s.getByRole('button', { name: 'Cancel' }));
    expect(s.getByTestId('saved-destination')).toBeTruthy();
  });
});
