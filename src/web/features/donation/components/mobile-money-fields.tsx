import type { MobileMoneyInput } from '../../../../shared/contract/mobile-money';
import {
  MOBILE_NETWORKS,
  MOBILE_NETWORK_NAMES,
  isMobileNetwork,
  localGhanaMobile,
  networkOfMobile,
  type MobileNetwork,
} from '../../../../shared/phone';
import { t as translate, useT } from '../../../lib/i18n';

/** The mobile money part of the donor's state: the number as typed, and the network when the donor picked one. */
export interface MomoState {
  momo_phone: string;
  /** '' = the one recognised from the prefix. */
  momo_network: MobileNetwork | '';
}

export interface MomoErrors {
  phone?: string;
  network?: string;
  /** "Text me" is ticked without a Ghana mobile number to text (shown by the contact phone). */
  sms?: string;
}

/** The network that will be charged: the donor's pick, else the one the prefix says. */
export function momoNetwork(state: MomoState): MobileNetwork | null {
  return state.momo_network || networkOfMobile(state.momo_phone);
}

/**
 * The `mobile_money` of a donate/checkout request, checked with the shared rule first: a number that
 * is not a Ghana mobile, or one with no network we charge and none picked, is a field error and
 * nothing is sent. The network goes only when the donor picked it (the server guesses the same otherwise).
 */
export function momoRequest(state: MomoState): { ok: true; value: MobileMoneyInput } | { ok: false; errors: MomoErrors } {
  const phone = localGhanaMobile(state.momo_phone);
  if (!phone) return { ok: false, errors: { phone: translate('donation.momo.phoneError') } };
  if (!momoNetwork(state)) return { ok: false, errors: { network: translate('donation.momo.networkError') } };
  return { ok: true, value: state.momo_network ? { phone, network: state.momo_network } : { phone } };
}

export function MobileMoneyFields({
  state,
  set,
  errors,
}: {
  state: MomoState;
  set: (patch: Partial<MomoState>) => void;
  errors: MomoErrors;
}) {
  const t = useT();
  const recognised = networkOfMobile(state.momo_phone);
  const shown = momoNetwork(state);
  return (
    <div className="donate-grid momo-fields">
      <div className="field">
        <label htmlFor="momo-phone">{t('donation.momo.phoneLabel')}</label>
        <input
          id="momo-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="024 123 4567"
          value={state.momo_phone}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? 'momo-phone-error' : 'momo-phone-hint'}
          onChange={(e) => set({ momo_phone: e.target.value })}
        />
        {errors.phone ? (
          <p id="momo-phone-error" className="field__error" role="alert">
            {errors.phone}
          </p>
        ) : (
          <p id="momo-phone-hint" className="field__hint">
            {t('donation.momo.phoneHint')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="momo-network">{t('donation.momo.networkLabel')}</label>
        <select
          id="momo-network"
          className="form-select"
          value={shown ?? ''}
          aria-invalid={errors.network ? true : undefined}
          aria-describedby="momo-network-hint"
          onChange={(e) => {
            const picked = e.target.value;
            // Picking what the prefix says is the same as not picking: a later number change re-guesses.
            set({ momo_network: isMobileNetwork(picked) && picked !== recognised ? picked : '' });
          }}
        >
          {shown ? null : <option value="">{t('donation.momo.networkPick')}</option>}
          {MOBILE_NETWORKS.map((n) => (
            <option key={n} value={n}>
              {MOBILE_NETWORK_NAMES[n]}
            </option>
          ))}
        </select>
        {errors.network ? (
          <p id="momo-network-hint" className="field__error" role="alert">
            {errors.network}
          </p>
        ) : (
          <p id="momo-network-hint" className="field__hint" aria-live="polite">
            {state.momo_network
              ? t('donation.momo.chosen')
              : recognised
                ? t('donation.momo.recognised', { network: MOBILE_NETWORK_NAMES[recognised] })
                : ''}
          </p>
        )}
      </div>
    </div>
  );
}
