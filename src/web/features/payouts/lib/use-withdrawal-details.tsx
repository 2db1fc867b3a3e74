import { useEffect, useState, type KeyboardEvent } from 'react';
import type { BankAccountCheck, WithdrawalDetails } from '../../../../shared/contract/payouts';
import { firstFieldError } from '../../../../shared/api-errors';
import { localGhanaMobile } from '../../../../shared/phone';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { toast } from '../../../stores/toast-store';
import { t } from '../../../lib/i18n';
import { listBanks, listMobileMoneyProviders, saveWithdrawalDetails, validateBankAccount } from '../api/payouts-api';
import { asWithdrawalDetails } from './payout-text';

export type Method = WithdrawalDetails['type'];
export type Field = 'bank_code' | 'account_number' | 'provider' | 'phone_number' | 'account_name';
export type Errors = Partial<Record<Field | 'form', string>>;

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
  if (Object.keys(found).length === 0) found.form = errorMessage(error, t('payouts.details.saveFailed'));
  return found;
}

const digits = (text: string) => text.replace(/\s+/g, '');

/** The problem with a bank and account number typed in, before they are verified or saved. */
function bankProblems(bankCode: string, number: string): Errors {
  const problems: Errors = {};
  if (!bankCode) problems.bank_code = t('payouts.details.chooseBank');
  if (!number) problems.account_number = t('payouts.details.enterAccountNumber');
  else if (!/^\d{6,20}$/.test(number)) problems.account_number = t('payouts.details.digitsOnly');
  return problems;
}

/**
 * The state and actions of the withdrawal details: the saved destination, the form's values, the
 * bank and wallet lists, checks on the device, the bank account check and the save, with the
 * server's refusals put under the field they belong to.
 */
export function useWithdrawalDetails(current: unknown, ready: boolean) {
  const [saved, setSaved] = useState<WithdrawalDetails | null>(null);
  const [editing, setEditing] = useState(false);
  const [method, setMethod] = useState<Method>('mobile_money');
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [checked, setChecked] = useState<BankAccountCheck | null>(null);
  const [provider, setProvider] = useState('');
  const [phone, setPhone] = useState('');
  const [accountName, setAccountName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'verify' | 'save' | null>(null);
  // The lists are cached by the API module; no signal: a list fetched for nobody still serves the next screen.
  const lists = useLoad(() => Promise.all([listBanks(), listMobileMoneyProviders()]), []);
  const [banks, providers] = lists.data ?? [null, null];

  // The saved details, once the profile is here: start in the saved view, with the form prefilled.
  useEffect(() => {
    if (!ready) return;
    const details = asWithdrawalDetails(current);
    setSaved(details);
    setEditing(!details);
    if (details) fill(details);
  }, [ready, current]);

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
    const number = digits(accountNumber);
    const problems = bankProblems(bankCode, number);
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
        errorMessage(error, t('payouts.details.verifyFailed'));
      setErrors({ account_number: message });
    } finally {
      setBusy(null);
    }
  }

  function collectBank(problems: Errors): WithdrawalDetails | null {
    const number = digits(accountNumber);
    if (!bankCode) problems.bank_code = t('payouts.details.chooseBank');
    if (!number) problems.account_number = t('payouts.details.enterAccountNumber');
    else if (!checked || checked.bank_code !== bankCode || checked.account_number !== number) {
      problems.account_number = t('payouts.details.verifyFirst');
    }
    if (Object.keys(problems).length || !checked) return null;
    const bank = banks?.find((b) => b.code === bankCode);
    return {
      type: 'bank',
      bank_code: bankCode,
      bank_name: bank?.name ?? bankCode,
      account_number: number,
      account_name: checked.account_name,
    };
  }

  function collectWallet(problems: Errors): WithdrawalDetails | null {
    const number = localGhanaMobile(phone);
    if (!provider) problems.provider = t('payouts.details.chooseProvider');
    if (!phone.trim()) problems.phone_number = t('payouts.details.enterNumber');
    else if (!number) problems.phone_number = t('payouts.details.ghanaNumber');
    if (!accountName.trim()) problems.account_name = t('payouts.details.enterName');
    if (Object.keys(problems).length || !number) return null;
    const wallet = providers?.find((p) => p.code === provider);
    return {
      type: 'mobile_money',
      provider,
      provider_name: wallet?.name ?? provider,
      phone_number: number,
      account_name: accountName.trim(),
    };
  }

  async function save() {
    if (busy) return;
    const problems: Errors = {};
    const details = method === 'bank' ? collectBank(problems) : collectWallet(problems);
    setErrors(problems);
    if (!details) return;
    setBusy('save');
    try {
      const profile = await saveWithdrawalDetails(details);
      const stored = asWithdrawalDetails(profile?.withdrawal_address) ?? details;
      setSaved(stored);
      fill(stored);
      setEditing(false);
      toast.success(t('payouts.details.saved'));
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setBusy(null);
    }
  }

  return {
    saved,
    editing,
    edit: () => setEditing(true),
    cancel() {
      if (saved) fill(saved);
      setErrors({});
      setEditing(false);
    },
    method,
    chooseMethod(next: Method) {
      setMethod(next);
      setErrors({});
    },
    banks,
    providers,
    listsFailed: lists.failed,
    reloadLists: lists.reload,
    errors,
    busy,
    bank: {
      bankCode,
      accountNumber,
      checked,
      setBankCode(value: string) {
        setBankCode(value);
        setChecked(null);
        clearError('bank_code', 'account_number', 'form');
      },
      setAccountNumber(value: string) {
        setAccountNumber(value);
        setChecked(null);
        clearError('account_number', 'form');
      },
      verify: () => void verify(),
    },
    wallet: {
      provider,
      phone,
      accountName,
      setProvider(value: string) {
        setProvider(value);
        clearError('provider', 'form');
      },
      setPhone(value: string) {
        setPhone(value);
        clearError('phone_number', 'form');
      },
      setAccountName(value: string) {
        setAccountName(value);
        clearError('account_name', 'form');
      },
    },
    save: () => void save(),
    // Enter in a field runs this section's action, never the profile form's submit.
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
      event.preventDefault();
      if (method === 'bank' && event.target.name === 'account_number' && !checked) void verify();
      else void save();
    },
  };
}

export type WithdrawalDetailsState = ReturnType<typeof useWithdrawalDetails>;

/** ids for a field's error line and aria-describedby (with an optional hint's id first). */
export function fieldIds(fid: (name: string) => string, errors: Errors) {
  return {
    errorLine: (field: Field) =>
      errors[field] ? (
        <p id={`${fid(field)}-error`} className="field__error">
          {errors[field]}
        </p>
      ) : null,
    describedBy: (field: Field, hint?: string) => [hint, errors[field] ? `${fid(field)}-error` : ''].filter(Boolean).join(' ') || undefined,
  };
}
