import { TextField } from '../../../components/form/text-field';
import { fieldIds, type WithdrawalDetailsState } from '../lib/use-withdrawal-details';
import { useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { slot } from '../../../../shared/i18n/slots';

interface Props {
  state: WithdrawalDetailsState;
  fid: (name: string) => string;
  online: boolean;
}

/** Bank, account number and Verify account; the account name the bank gives shows once verified. */
export function WithdrawalBankForm({ state, fid, online }: Props) {
  const { bank, banks, errors, busy } = state;
  const { errorLine, describedBy } = fieldIds(fid, errors);
  const t = useT();
  return (
    <>
      <div className={`select-field${errors.bank_code ? ' field--invalid' : ''}`}>
        <label htmlFor={fid('bank_code')}>{t('payouts.bank.bank')}</label>
        <select
          id={fid('bank_code')}
          name="bank_code"
          value={bank.bankCode}
          disabled={!banks}
          aria-invalid={errors.bank_code ? true : undefined}
          aria-describedby={describedBy('bank_code')}
          onChange={(e) => bank.setBankCode(e.target.value)}
        >
          <option value="">{banks ? t('payouts.bank.chooseBank') : t('payouts.bank.loadingBanks')}</option>
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
        label={t('payouts.bank.accountNumber')}
        name="account_number"
        inputMode="numeric"
        autoComplete="off"
        value={bank.accountNumber}
        error={errors.account_number}
        onChange={(e) => bank.setAccountNumber(e.target.value)}
      />
      <div className="button-row">
        <button type="button" className="button button--secondary button--small" disabled={Boolean(busy) || !online} onClick={bank.verify}>
          {busy === 'verify' ? t('payouts.bank.verifying') : t('payouts.bank.verify')}
        </button>
      </div>
      <p className="payout-details__check" role="status">
        {bank.checked ? (
          <>{withElements(t('payouts.bank.accountName', { name: slot('name') }), { name: <strong>{bank.checked.account_name}</strong> })}</>
        ) : null}
      </p>
    </>
  );
}
