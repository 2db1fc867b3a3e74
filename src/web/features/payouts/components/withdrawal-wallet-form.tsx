import { TextField } from '../../../components/form/text-field';
import { fieldIds, type WithdrawalDetailsState } from '../lib/use-withdrawal-details';

interface Props {
  state: WithdrawalDetailsState;
  fid: (name: string) => string;
}

/** Mobile money provider, the wallet's number and the name on it. */
export function WithdrawalWalletForm({ state, fid }: Props) {
  const { wallet, providers, errors } = state;
  const { errorLine, describedBy } = fieldIds(fid, errors);
  return (
    <>
      <div className={`select-field${errors.provider ? ' field--invalid' : ''}`}>
        <label htmlFor={fid('provider')}>Mobile money provider</label>
        <select
          id={fid('provider')}
          name="provider"
          value={wallet.provider}
          disabled={!providers}
          aria-invalid={errors.provider ? true : undefined}
          aria-describedby={describedBy('provider')}
          onChange={(e) => wallet.setProvider(e.target.value)}
        >
          <option value="">{providers ? 'Choose your provider' : 'Loading providers…'}</option>
          {(providers ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
        {errorLine('provider')}
      </div>
      <div className={`field${errors.phone_number ? ' field--invalid' : ''}`}>
        <label htmlFor={fid('phone_number')}>Mobile money number</label>
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
          Ghana number, e.g. 024 123 4567 or +233 24 123 4567.
        </p>
        {errorLine('phone_number')}
      </div>
      <TextField
        id={fid('account_name')}
        label="Name on the wallet"
        name="account_name"
        autoComplete="name"
        value={wallet.accountName}
        error={errors.account_name}
        onChange={(e) => wallet.setAccountName(e.target.value)}
      />
    </>
  );
}
