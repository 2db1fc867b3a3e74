import { TextField } from '../../../components/form/text-field';
import { fieldIds, type WithdrawalDetailsState } from '../lib/use-withdrawal-details';

interface Props {
  state: WithdrawalDetailsState;
  fid: (name: string) => string;
  online: boolean;
}

/** Bank, account number and Verify account; the account name the bank gives shows once verified. */
export function WithdrawalBankForm({ state, fid, online }: Props) {
  const { bank, banks, errors, busy } = state;
  const { errorLine, describedBy } = fieldIds(fid, errors);
  return (
    <>
      <div className={`select-field${errors.bank_code ? ' field--invalid' : ''}`}>
        <label htmlFor={fid('bank_code')}>Bank</label>
        <select
          id={fid('bank_code')}
          name="bank_code"
          value={bank.bankCode}
          disabled={!banks}
          aria-invalid={errors.bank_code ? true : undefined}
          aria-describedby={describedBy('bank_code')}
          onChange={(e) => bank.setBankCode(e.target.value)}
        >
          <option value="">{banks ? 'Choose your bank' : 'Loading banks…'}</option>
          {(banks ?? []).map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </select>
        {errorLine('bank_code')}
      </div>
      <TextField
        id={fid('account_number')}
        label="Account number"
        name="account_number"
        inputMode="numeric"
        autoComplete="off"
        value={bank.accountNumber}
        error={errors.account_number}
        onChange={(e) => bank.setAccountNumber(e.target.value)}
      />
      <div className="button-row">
        <button type="button" className="button button--secondary button--small" disabled={Boolean(busy) || !online} onClick={bank.verify}>
          {busy === 'verify' ? 'Verifying...' : 'Verify account'}
        </button>
      </div>
      <p className="payout-details__check" role="status">
        {bank.checked ? (
          <>
            Account name: <strong>{bank.checked.account_name}</strong>
          </>
        ) : null}
      </p>
    </>
  );
}
