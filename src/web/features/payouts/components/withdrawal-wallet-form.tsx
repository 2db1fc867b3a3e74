import { TextField } from '../../../components/form/text-field';
import { fieldIds, type WithdrawalDetailsState } from '../lib/use-withdrawal-details';
import { useT } from '../../../lib/i18n';

interface Props {
  state: WithdrawalDetailsState;
  fid: (name: string) => string;
}

/** Mobile money provider, the wallet's number and the name on it. */
export function WithdrawalWalletForm({ state, fid }: Props) {
  const { wallet, providers, errors } = state;
  const { errorLine, describedBy } = fieldIds(fid, errors);
  const t = useT();
  return (
    <>
      <div className={`select-field${errors.provider ? ' field--invalid' : ''}`}>
        <label htmlFor={fid('provider')}>{t('payouts.wallet.provider')}</label>
        <select
          id={fid('provider')}
          name="provider"
          value={wallet.provider}
          disabled={!providers}
          aria-invalid={errors.provider ? true : undefined}
          aria-describedby={describedBy('provider')}
          onChange={(e) => wallet.setProvider(e.target.value)}
        >
          <option value="">{providers ? t('payouts.wallet.chooseProvider') : t('payouts.wallet.loadingProviders')}</option>
          {(providers ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
        {errorLine('provider')}
      </div>
      <div className={`field${errors.phone_number ? ' field--invalid' : ''}`}>
        <label htmlFor={fid('phone_number')}>{t('payouts.wallet.number')}</label>
        <input
          id={fid('phone_number')}
          name="phone_number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          value={wallet.phone}
          aria-invalid={errors.phone_number ? true : undefined}
          aria-describedby={describedBy('phone_number', `${fid('phone_number')}-hint`)}
          onChange={(e) => wallet.setPhone(e.target.value)}
        />
        <p id={`${fid('phone_number')}-hint`} className="field__hint">
          {t('payouts.wallet.numberHint')}
        </p>
        {errorLine('phone_number')}
      </div>
      <TextField
        id={fid('account_name')}
        label={t('payouts.wallet.name')}
        name="account_name"
        autoComplete="name"
        value={wallet.accountName}
        error={errors.account_name}
        onChange={(e) => wallet.setAccountName(e.target.value)}
      />
    </>
  );
}
