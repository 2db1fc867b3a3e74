import { useId } from 'react';
import type { WithdrawalDetails } from '../../../../shared/contract/payouts';
import { useOnline } from '../../../lib/use-online';
import { useT } from '../../../lib/i18n';
import { destinationLine, payoutMethodText } from '../lib/payout-text';
import { useWithdrawalDetails } from '../lib/use-withdrawal-details';
import { WithdrawalBankForm } from './withdrawal-bank-form';
import { WithdrawalWalletForm } from './withdrawal-wallet-form';
import '../payouts.css';

interface Props {
  /** The profile's withdrawal_address as GET /api/user/profile/ answered it (null: none yet). */
  current: unknown;
  /** false while the profile is still loading. */
  ready: boolean;
}

function SavedDestination({ details }: { details: WithdrawalDetails }) {
  const t = useT();
  return (
    <dl className="payout-saved">
      <div>
        <dt>{t('payouts.details.method')}</dt>
        <dd>{payoutMethodText(t, details.type)}</dd>
      </div>
      <div>
        <dt>{details.type === 'bank' ? t('payouts.details.account') : t('payouts.details.wallet')}</dt>
        <dd data-testid="saved-destination">{destinationLine(details)}</dd>
      </div>
      {details.account_name ? (
        <div>
          <dt>{t('payouts.details.accountName')}</dt>
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
  const t = useT();
  const state = useWithdrawalDetails(current, ready);
  const { saved, editing, method, errors, busy } = state;
  const fid = (name: string) => `${id}-${name}`;

  return (
    <section className="settings-note payout-details" aria-labelledby={fid('title')} aria-busy={Boolean(busy) || !ready}>
      <h2 id={fid('title')}>{t('payouts.details.title')}</h2>
      <p>{t('payouts.details.lead')}</p>
      {!ready ? (
        <div className="skeleton" role="status">
          <span className="visually-hidden">{t('payouts.details.loading')}</span>
          <div className="skeleton__line" />
          <div className="skeleton__line skeleton__line--short" />
        </div>
      ) : !editing && saved ? (
        <div className="payout-details__saved">
          <SavedDestination details={saved} />
          <button type="button" className="button button--secondary button--small" onClick={state.edit}>
            {t('payouts.details.change')}
          </button>
        </div>
      ) : (
        /* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Enter from the fields inside to submit, as a form would */
        <div className="payout-details__form" onKeyDown={state.onKeyDown}>
          <fieldset className="payout-method">
            <legend>{t('payouts.details.payMeBy')}</legend>
            {(['mobile_money', 'bank'] as const).map((m) => (
              <label key={m} className="payout-method__option">
                <input type="radio" name={fid('method')} value={m} checked={method === m} onChange={() => state.chooseMethod(m)} />
                {payoutMethodText(t, m)}
              </label>
            ))}
          </fieldset>
          {state.listsFailed ? (
            <p className="form-error" role="alert">
              {t('payouts.details.listsFailed')}{' '}
              <button type="button" className="link-button" onClick={state.reloadLists}>
                {t('payouts.details.tryAgain')}
              </button>
            </p>
          ) : null}

          {method === 'bank' ? (
            <WithdrawalBankForm state={state} fid={fid} online={online} />
          ) : (
            <WithdrawalWalletForm state={state} fid={fid} />
          )}

          {errors.form ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          {!online ? <p className="field__hint">{t('payouts.details.needsConnection')}</p> : null}
          <div className="button-row">
            <button type="button" className="button button--primary" disabled={Boolean(busy) || !online} onClick={state.save}>
              {busy === 'save' ? t('payouts.details.saving') : t('payouts.details.save')}
            </button>
            {saved ? (
              <button type="button" className="button button--secondary" disabled={Boolean(busy)} onClick={state.cancel}>
                {t('payouts.details.cancel')}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
