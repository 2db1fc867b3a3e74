import { describe, expect, it } from 'vitest';
import { ProviderError, type PaymentProvider } from '../../src/server/payments/provider';
import { sandboxAccountName } from '../../src/server/payments/sandbox-payouts';
import { DIRECTORY_TTL_MS, payoutDirectory } from '../../src/server/payouts/directory';
import { normaliseGhanaMobile } from '../../src/shared/phone';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { MOMO, SANDBOX_BANK, saveDetails } from './helpers/payouts';

const NOT_FOUND = 'We could not find this account. Check the number and bank.';

describe('Ghanaian mobile numbers', () => {
  it('accepts 0XXXXXXXXX and 233XXXXXXXXX mobile numbers and stores 233…', () => {
    expect(normaliseGhanaMobile('0241234567')).toBe('233241234567');
    expect(normaliseGhanaMobile('+233 55 123 4567')).toBe('233551234567');
    expect(normaliseGhanaMobile('233201234567')).toBe('233201234567');
    for (const bad of ['0301234567', '024123456', '02412345678', '2330241234567', 'abc', '']) expect(normaliseGhanaMobile(bad)).toBeNull();
  });
});

describe.each(backends)('banks, mobile money and withdrawal details (sandbox) on $name', (backend) => {
  const ctx = useApp(backend);

  it('lists Ghanaian banks and mobile money networks to anyone, sorted by name', async () => {
    const banks = (await ctx.app.inject({ url: '/api/user/banks/' })).json() as { code: string; name: string }[];
    expect(banks.length).toBeGreaterThanOrEqual(12);
    expect(banks).toEqual(
      expect.arrayContaining([
        { code: '040100', name: 'GCB Bank' },
        { code: '130100', name: 'Ecobank Ghana' },
      ]),
    );
    expect(banks.map((b) => b.name)).toEqual([...banks.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'en')));
    const momo = (await ctx.app.inject({ url: '/api/user/mobile-money/' })).json();
    expect(momo).toEqual([
      { code: 'ATL', name: 'AirtelTigo Money' },
      { code: 'MTN', name: 'MTN Mobile Money' },
      { code: 'VOD', name: 'Telecel Cash' },
    ]);
  });

  it('validates a bank account: signed in only, known bank, found account', async () => {
    const user = await newSession(ctx.app);
    const check = (payload: unknown, token: string | null = user.access) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/validate-bank-account/',
        headers: token ? bearer(token) : {},
        payload: payload as object,
      });
    expect((await check({ bank_code: '040100', account_number: '1234567890' }, null)).statusCode).toBe(401);
    const ok = await check({ bank_code: '040100', account_number: '1234567890' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ bank_code: '040100', account_number: '1234567890', account_name: sandboxAccountName('1234567890') });
    const missing = await check({ bank_code: '040100', account_number: '1234560000' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ account_number: [NOT_FOUND] });
    expect((await check({ bank_code: '999999', account_number: '1234567890' })).json().errors).toEqual({
      bank_code: ['Choose a bank from the list.'],
    });
    expect((await check({ bank_code: '040100' })).json().errors).toEqual({ account_number: ['This field is required.'] });
  });

  it("saves bank details with the provider's account name, not the client's", async () => {
    const user = await newSession(ctx.app);
    const res = await saveDetails(
      ctx.app,
      user.access,
      JSON.stringify({ ...SANDBOX_BANK, account_name: 'Someone Else', bank_name: 'Fake' }),
    );
    expect(res.statusCode).toBe(200);
    const expected = {
      type: 'bank',
      bank_code: '040100',
      bank_name: 'GCB Bank',
      account_number: SANDBOX_BANK.account_number,
      account_name: sandboxAccountName(SANDBOX_BANK.account_number),
    };
    expect(res.json().withdrawal_address).toEqual(expected);
    expect((await ctx.app.inject({ url: '/api/user/profile/', headers: bearer(user.access) })).json().withdrawal_address).toEqual(expected);
  });

  it('refuses unknown banks, accounts the bank cannot find and bad phone numbers as withdrawal_address errors', async () => {
    const user = await newSession(ctx.app);
    await saveDetails(ctx.app, user.access, MOMO);
    const cases: Array<[unknown, string]> = [
      [{ ...SANDBOX_BANK, bank_code: '000000' }, 'Choose a bank from the list.'],
      [{ ...SANDBOX_BANK, account_number: '9876540000' }, NOT_FOUND],
      [{ ...SANDBOX_BANK, account_number: '12ab' }, 'Enter the account number using digits only.'],
      [{ ...MOMO, phone_number: '0301234567' }, 'Enter a Ghanaian mobile number, e.g. 0241234567 or 233241234567.'],
      [{ ...MOMO, provider: 'MPESA' }, 'Choose a mobile money provider from the list.'],
      [{ ...MOMO, account_name: '  ' }, 'Enter the name on the mobile money account.'],
      [{ type: 'cash' }, 'Choose "bank" or "mobile_money" as the type.'],
    ];
    for (const [details, message] of cases) {
      const res = await saveDetails(ctx.app, user.access, details);
      expect(res.statusCode, JSON.stringify(details)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', errors: { withdrawal_address: [message] } });
    }
    // Nothing was overwritten by the refused attempts.
    const profile = (await ctx.app.inject({ url: '/api/user/profile/', headers: bearer(user.access) })).json();
    expect(profile.withdrawal_address).toMatchObject({ type: 'mobile_money', phone_number: '233241234567' });
  });

  it('normalises mobile money details and clears them with null', async () => {
    const user = await newSession(ctx.app);
    const res = await saveDetails(ctx.app, user.access, {
      ...MOMO,
      provider: 'vod',
      phone_number: '0501234567',
      account_name: ' Ama  Owusu ',
    });
    expect(res.json().withdrawal_address).toEqual({
      type: 'mobile_money',
      provider: 'VOD',
      provider_name: 'Telecel Cash',
      phone_number: '233501234567',
      account_name: 'Ama Owusu',
    });
    const cleared = await saveDetails(ctx.app, user.access, null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().withdrawal_address).toBeNull();
  });

  it('keeps the lists in the database for 24 hours, and serves the old copy while the provider is down', async () => {
    let asked = 0;
    let down = false;
    const provider = {
      name: 'paystack',
      listBanks: async () => {
        asked += 1;
        if (down) throw new ProviderError('down');
        return [{ code: String(asked), name: `Bank ${asked}` }];
      },
    } as unknown as PaymentProvider;
    const t0 = Date.now();
    expect(await payoutDirectory(ctx.app.repos.settings, provider, 'banks', t0)).toEqual([{ code: '1', name: 'Bank 1' }]);
    expect(await payoutDirectory(ctx.app.repos.settings, provider, 'banks', t0 + DIRECTORY_TTL_MS - 1000)).toEqual([
      { code: '1', name: 'Bank 1' },
    ]);
    expect(asked).toBe(1);
    expect(await payoutDirectory(ctx.app.repos.settings, provider, 'banks', t0 + DIRECTORY_TTL_MS + 1000)).toEqual([
      { code: '2', name: 'Bank 2' },
    ]);
    down = true;
    expect(await payoutDirectory(ctx.app.repos.settings, provider, 'banks', t0 + 3 * DIRECTORY_TTL_MS)).toEqual([
      { code: '2', name: 'Bank 2' },
    ]);
    expect(asked).toBe(3);
  });
});
