import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Bank, BankAccountCheck, MobileMoneyProvider, WithdrawalDetails } from '../../../../shared/contract/payouts';
import { firstFieldError } from '../../../../shared/api-errors';
import { TextField } from '../../../components/form/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { toast } from '../../../stores/toast-store';
import { listBanks, listMobileMoneyProviders, saveWithdrawalDetails, validateBankAccount } from '../api/payouts-api';
import { PAYOUT_METHOD_LABELS } from '../../../../shared/payment-methods';
import { localGhanaMobile } from '../../../../shared/phone';
import { asWithdrawalDetails, destinationLine } from '../lib/payout-text';
import '../payouts.css';

type Method = WithdrawalDetails['type'];
type Field = 'bank_code' | 'account_number' | 'provider' | 'phone_number' | 'account_name';
type Errors = Partial<Record<Field | 'form', string>>;

interface Props {
  /** The profile's withdrawal_address as GET /api/user/profile/ answered it (null: none yet). */
  current: unknown;
  /** false while the profile is still loading. */
  ready: boolean;
}

/** Where a server field error belongs (errors may be keyed "withdrawal_address.phone_number" or "phone_number"). */
function fieldOf(key: string): Field | 'form' {
  const name = key.split('.').pop() ?? key;
  if (name === 'phone' || name === 'phone_number') return 'phone_number';
  if (name === 'bank' || name === 'bank_code') return 'bank_code';
  if (name === 'provider' || name === 'provider_code') return 'provider';
  if (name === 'account_number' || name === 'account_name') return name;
  return 'form';
}

function serverErrors(error: unknown): Errors {
  const body = error instanceof ApiError ? error.errorBody : null;
  const found: Errors = {};
  for (const [key, messages] of Object.entries(body?.errors ?? {})) {
    const field = fieldOf(key);
    if (Array.isArray(messages) && messages[0] && !found[field]) found[field] = messages[0];
  }
  if (Object.keys(found).length === 0) found.form = errorMessage(error, 'Could not save your withdrawal details. Please try again.');
  return found;
}

function SavedDestination({ details }: { details: WithdrawalDetails }) {
  return (
    <dl className="payout-saved">
      <div>
        <dt>Method</dt>
        <dd>{PAYOUT_METHOD_LABELS[details.type]}</dd>
      </div>
      <div>
        <dt>{details.type === 'bank' ? 'Account' : 'Wallet'}</dt>
        <dd data-testid="saved-destination">{destinationLine(details)}</dd>
      </div>
      {details.account_name ? (
        <div>
          <dt>Account name</dt>
          <dd>{details.account_name}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * Profile settings: the bank account or mobile money wallet a cause's withdrawals are paid to.
 * It sits inside the profile form, so it has no form of its own: its buttons are type="button" and
 * Enter in its fields runs its own action (verify or save) instead of saving the profile.
 */
export function WithdrawalDetailsSection({ current, ready }: Props) {
  const id = useId();
  const online = useOnline();
  const [saved, setSaved] = useState<WithdrawalDetails | null>(null);
  const [editing, setEditing] = useState(false);
  const [method, setMethod] = useState<Method>('mobile_money');
  const [banks, setBanks] = useState<Bank[] | null>(null);
  const [providers, setProviders] = useState<MobileMoneyProvider[] | null>(null);
  const [listsFailed, setListsFailed] = useState(false);
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [checked, setChecked] = useState<BankAccountCheck | null>(null);
  const [provider, setProvider] = useState('');
  const [phone, setPhone] = useState('');
  const [accountName, setAccountName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'verify' | 'save' | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The saved details, once the profile is here: start in the saved view, with the form prefilled.
  useEffect(() => {
    if (!ready) return;
    const details = asWithdrawalDetails(current);
    setSaved(details);
    setEditing(!details);
    if (details) fill(details);
  }, [ready, current]);

  useEffect(() => {
    let live = true;
    setListsFailed(false);
    Promise.all([listBanks(), listMobileMoneyProviders()])
      .then(([b, p]) => {
        if (!live) return;
        setBanks(b);
        setProviders(p);
      })
      .catch(() => live && setListsFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);

  function fill(details: WithdrawalDetails) {
    setMethod(details.type);
    if (details.type === 'bank') {
      setBankCode(details.bank_code);
      setAccountNumber(details.account_number);
      setChecked({ bank_code: details.bank_code, account_number: details.account_number, account_name: details.account_name });
    } else {
      setProvider(details.provider);
      setPhone(details.phone_number);
      setAccountName(details.account_name);
    }
  }

  const clearError = (...fields: (Field | 'form')[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const f of fields) delete next[f];
      return next;
    });

  async function verify() {
    if (busy) return;
    const number = accountNumber.replace(/\s+/g, '');
    const problems: Errors = {};
    if (!bankCode) problems.bank_code = 'Choose your bank.';
    if (!number) problems.account_number = 'Enter your account number.';
    else if (!/^\d{6,20}$/.test(number)) problems.account_number = 'Enter the account number as digits only.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy('verify');
    setChecked(null);
    try {
      setChecked(await validateBankAccount(bankCode, number));
    } catch (error) {
      const body = error instanceof ApiError ? error.errorBody : null;
      const message =
        firstFieldError(body, 'account_number') ??
        firstFieldError(body, 'bank_code') ??
        errorMessage(error, 'Could not verify this account. Please try again.');
      setErrors({ account_number: message });
    } finally {
      setBusy(null);
    }
  }

  function collect(): WithdrawalDetails | null {
    const problems: Errors = {};
    let details: WithdrawalDetails | null = null;
    if (method === 'bank') {
      const bank = banks?.find((b) => b.code === bankCode);
      const number = accountNumber.replace(/\s+/g, '');
      if (!bankCode) problems.bank_code = 'Choose your bank.';
      if (!number) problems.account_number = 'Enter your account number.';
      else if (!checked || checked.bank_code !== bankCode || checked.account_number !== number) {
        problems.account_number = 'Verify the account before saving.';
      }
      if (!Object.keys(problems).length && checked) {
        details = {
          type: 'bank',
          bank_code: bankCode,
          bank_name: bank?.name ?? bankCode,
          account_number: number,
          account_name: checked.account_name,
        };
      }
    } else {
      const wallet = providers?.find((p) => p.code === provider);
      const number = localGhanaMobile(phone);
      if (!provider) problems.provider = 'Choose your mobile money provider.';
      if (!phone.trim()) problems.phone_number = 'Enter your mobile money number.';
      else if (!number) problems.phone_number = 'Enter a Ghana mobile number, for example 024 123 4567.';
      if (!accountName.trim()) problems.account_name = 'Enter the name on the wallet.';
      if (!Object.keys(problems).length && number) {
        details = {
          type: 'mobile_money',
          provider,
          provider_name: wallet?.name ?? provider,
          phone_number: number,
          account_name: accountName.trim(),
        };
      }
    }
    setErrors(problems);
    return details;
  }

  async function save() {
    if (busy) return;
    const details = collect();
    if (!details) return;
    setBusy('save');
    try {
      const profile = await saveWithdrawalDetails(details);
      const stored = asWithdrawalDetails(profile?.withdrawal_address) ?? details;
      setSaved(stored);
      fill(stored);
      setEditing(false);
      toast.success('Withdrawal details saved');
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setBusy(null);
    }
  }

  // Enter in a field runs this section's action, never the profile form's submit.
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (method === 'bank' && event.target.name === 'account_number' && !checked) void verify();
    else void save();
  }

  const fid = (name: string) => `${id}-${name}`;
  const selectError = (field: Field) =>
    errors[field] ? (
      <p id={`${fid(field)}-error`} className="field__error">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${fid(field)}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <section className="settings-note payout-details" aria-labelledby={fid('title')} aria-busy={Boolean(busy) || !ready}>
      <h2 id={fid('title')}>Withdrawal details</h2>
      <p>Where the money you withdraw from your causes is paid.</p>
      {!ready ? (
        <div className="skeleton" role="status">
          <span className="visually-hidden">Loading withdrawal details…</span>
          <div className="skeleton__line" />
          <div className="skeleton__line skeleton__line--short" />
        </div>
      ) : !editing && saved ? (
        <div className="payout-details__saved">
          <SavedDestination details={saved} />
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(true)}>
            Change withdrawal details
          </button>
        </div>
      ) : (
        /* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Enter from the fields inside to submit, as a form would */
        <div className="payout-details__form" onKeyDown={onKeyDown}>
          <fieldset className="payout-method">
            <legend>Pay me by</legend>
            {(['mobile_money', 'bank'] as const).map((m) => (
              <label key={m} className="payout-method__option">
                <input
                  type="radio"
                  name={fid('method')}
                  value={m}
                  checked={method === m}
                  onChange={() => {
                    setMethod(m);
                    setErrors({});
                  }}
                />
                {PAYOUT_METHOD_LABELS[m]}
              </label>
            ))}
          </fieldset>
          {listsFailed ? (
            <p className="form-error" role="alert">
              Could not load the list of banks and wallets.{' '}
              <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </p>
          ) : null}

          {method === 'bank' ? (
            <>
              <div className={`select-field${errors.bank_code ? ' field--invalid' : ''}`}>
                <label htmlFor={fid('bank_code')}>Bank</label>
                <select
                  id={fid('bank_code')}
                  name="bank_code"
                  value={bankCode}
                  disabled={!banks}
                  aria-invalid={errors.bank_code ? true : undefined}
                  aria-describedby={describedBy('bank_code')}
                  onChange={(e) => {
                    setBankCode(e.target.value);
                    setChecked(null);
                    clearError('bank_code', 'account_number', 'form');
                  }}
                >
                  <option value="">{banks ? 'Choose your bank' : 'Loading banks…'}</option>
                  {(banks ?? []).map((b) => (
                    <option key={b.code} value={b.code}>
                      {b.name}
                    </option>
                  ))}
                </select>
                {selectError('bank_code')}
              </div>
              <TextField
                id={fid('account_number')}
                label="Account number"
                name="account_number"
                inputMode="numeric"
                autoComplete="off"
                value={accountNumber}
                error={errors.account_number}
                onChange={(e) => {
                  setAccountNumber(e.target.value);
                  setChecked(null);
                  clearError('account_number', 'form');
                }}
              />
              <div className="button-row">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={Boolean(busy) || !online}
                  onClick={() => void verify()}
                >
                  {busy === 'verify' ? 'Verifying...' : 'Verify account'}
                </button>
              </div>
              <p className="payout-details__check" role="status">
                {checked ? (
                  <>
                    Account name: <strong>{checked.account_name}</strong>
                  </>
                ) : null}
              </p>
            </>
          ) : (
            <>
              <div className={`select-field${errors.provider ? ' field--invalid' : ''}`}>
                <label htmlFor={fid('provider')}>Mobile money provider</label>
                <select
                  id={fid('provider')}
                  name="provider"
                  value={provider}
                  disabled={!providers}
                  aria-invalid={errors.provider ? true : undefined}
                  aria-describedby={describedBy('provider')}
                  onChange={(e) => {
                    setProvider(e.target.value);
                    clearError('provider', 'form');
                  }}
                >
                  <option value="">{providers ? 'Choose your provider' : 'Loading providers…'}</option>
                  {(providers ?? []).map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name}
                    </option>
                  ))}
                </select>
                {selectError('provider')}
              </div>
              <div className={`field${errors.phone_number ? ' field--invalid' : ''}`}>
                <label htmlFor={fid('phone_number')}>Mobile money number</label>
                <input
                  id={fid('phone_number')}
                  name="phone_number"
                  type="tel"
                  autoComplete="tel-national"
                  inputMode="tel"
                  value={phone}
                  aria-invalid={errors.phone_number ? true : undefined}
                  aria-describedby={describedBy('phone_number', `${fid('phone_number')}-hint`)}
                  onChange={(e) => {
                    setPhone(e.target.value);
                    clearError('phone_number', 'form');
                  }}
                />
                <p id={`${fid('phone_number')}-hint`} className="field__hint">
                  Ghana number, e.g. 024 123 4567 or +233 24 123 4567.
                </p>
                {selectError('phone_number')}
              </div>
              <TextField
                id={fid('account_name')}
                label="Name on the wallet"
                name="account_name"
                autoComplete="name"
                value={accountName}
                error={errors.account_name}
                onChange={(e) => {
                  setAccountName(e.target.value);
                  clearError('account_name', 'form');
                }}
              />
            </>
          )}

          {errors.form ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          {!online ? <p className="field__hint">Saving withdrawal details needs a connection.</p> : null}
          <div className="button-row">
            <button type="button" className="button button--primary" disabled={Boolean(busy) || !online} onClick={() => void save()}>
              {busy === 'save' ? 'Saving...' : 'Save withdrawal details'}
            </button>
            {saved ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={Boolean(busy)}
                onClick={() => {
                  fill(saved);
                  setErrors({});
                  setEditing(false);
                }}
              >
                Cancel
              </button>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
