import { useEffect, useState } from 'react';
import type { DonorDetails, PaymentMethod } from '../../../../shared/contract/cart';
import { SUPPORT_MESSAGE_MAX } from '../../../../shared/limits';
import { session } from '../../../stores/session-store';
import { normaliseGhanaMobile } from '../../../../shared/phone';
import { loadProfileForPrefill } from '../api/donation-api';
import type { MobileMoneyInput } from '../../../../shared/contract/mobile-money';
import { t as translate, useT } from '../../../lib/i18n';
import { MobileMoneyFields, momoRequest, type MomoErrors, type MomoState } from './mobile-money-fields';

/** Who gives: the fields both donation forms share (spec §2). */
export interface DonorState extends MomoState {
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  /** ISO code of the phone prefix (GH, US, GB, CA, AU). */
  phone_region: string;
  phone_number: string;
  payment_method: PaymentMethod;
  is_anonymous: boolean;
  /** Words of support shown on the cause page once paid; '' sends none. */
  message: string;
  /** "Text me my receipt and this cause's news" (SMS to a Ghana mobile number). */
  sms_opt_in: boolean;
}

/** The number texts would go to (233XXXXXXXXX), by the server's rule: the phone typed (Ghana), else the mobile money number. */
export function smsNumber(donor: DonorState): string | null {
  const typed = donor.phone_number.trim();
  if (typed) return donor.phone_region === 'GH' ? (normaliseGhanaMobile(typed) ?? normaliseGhanaMobile(`0${typed}`)) : null;
  return donor.payment_method === 'mobile_money' ? normaliseGhanaMobile(donor.momo_phone) : null;
}

/** Spec §2: GH +233, US +1, GB +44, CA +1, AU +61. */
export const PHONE_CODES = [
  { region: 'GH', code: '+233' },
  { region: 'US', code: '+1' },
  { region: 'GB', code: '+44' },
  { region: 'CA', code: '+1' },
  { region: 'AU', code: '+61' },
] as const;

/** Spec §2 /multidonation countries (the single form offers the same list). */
export const COUNTRIES = ['GHANA', 'NIGERIA', 'SOUTH AFRICA', 'UK', 'USA'] as const;

const EMPTY: DonorState = {
  first_name: '',
  last_name: '',
  email: '',
  country: 'GHANA',
  phone_region: 'GH',
  phone_number: '',
  payment_method: 'card',
  is_anonymous: false,
  message: '',
  sms_opt_in: false,
  momo_phone: '',
  momo_network: '',
};

const DRAFT_KEY = 'boafo-donor-draft';

type Draft = Partial<DonorState> & { message_for?: string };

/** A message of support was written for one cause (or one checkout): another form starts without it. */
function readDraft(messageFor: string): DonorState {
  try {
    const { message_for, ...saved } = (JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Draft | null) ?? {};
    return { ...EMPTY, ...saved, message: message_for === messageFor ? (saved.message ?? '') : '' };
  } catch {
    return { ...EMPTY };
  }
}

/**
 * The donor's details, kept in sessionStorage while typing (a reload or a dropped connection loses
 * nothing) and prefilled from the profile when signed in, without overwriting what was typed.
 */
export function useDonorState(messageFor = ''): [DonorState, (patch: Partial<DonorState>) => void] {
  const [donor, setDonor] = useState<DonorState>(() => readDraft(messageFor));
  useEffect(() => {
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...donor, message_for: messageFor }));
    } catch {
      // storage full or blocked: the form still holds it
    }
  }, [donor, messageFor]);
  useEffect(() => {
    if (!session.access) return;
    const controller = new AbortController();
    void loadProfileForPrefill(controller.signal).then((profile) => {
      if (!profile || controller.signal.aborted) return;
      setDonor((current) => ({
        ...current,
        first_name: current.first_name || profile.first_name || '',
        last_name: current.last_name || profile.last_name || '',
        email: current.email || profile.email || session.email || '',
        phone_number: current.phone_number || profile.phone_number || profile.phone || '',
      }));
    });
    return () => controller.abort();
  }, []);
  return [donor, (patch) => setDonor((current) => ({ ...current, ...patch }))];
}

/** The DonorDetails part of a donate/checkout request; blank optional fields are left out. */
export function donorDetails(donor: DonorState): DonorDetails {
  const code = PHONE_CODES.find((p) => p.region === donor.phone_region)?.code ?? '+233';
  const details: DonorDetails = { email: donor.email.trim() };
  const first = donor.first_name.trim();
  const last = donor.last_name.trim();
  const phone = donor.phone_number.trim();
  if (first) details.first_name = first;
  if (last) details.last_name = last;
  if (donor.country) details.country = donor.country;
  if (phone) {
    details.phone_country_code = code;
    details.phone_number = phone;
  }
  details.payment_method = donor.payment_method;
  details.is_anonymous = donor.is_anonymous;
  if (donor.sms_opt_in) details.sms_opt_in = true;
  const message = (donor.message ?? '').trim();
  if (message) details.message = message;
  return details;
}

/**
 * How this gift is paid: card (always for a monthly gift), or mobile money checked with the shared
 * number rule first — a field error instead of a request. Focuses the first wrong field.
 */
export function paymentChoice(
  donor: DonorState,
  monthly: boolean,
): { ok: true; value: { payment_method: PaymentMethod; mobile_money?: MobileMoneyInput } } | { ok: false; errors: MomoErrors } {
  if (donor.sms_opt_in && !smsNumber(donor)) {
    queueMicrotask(() => document.getElementById('donor-phone')?.focus());
    return { ok: false, errors: { sms: translate('donation.sms.needsNumber') } };
  }
  if (monthly || donor.payment_method !== 'mobile_money')
    return { ok: true, value: { payment_method: monthly ? 'card' : donor.payment_method } };
  const checked = momoRequest(donor);
  if (!checked.ok) {
    queueMicrotask(() => document.getElementById(checked.errors.phone ? 'momo-phone' : 'momo-network')?.focus());
    return checked;
  }
  return { ok: true, value: { payment_method: 'mobile_money', mobile_money: checked.value } };
}

export function NameEmailFields({ donor, set }: { donor: DonorState; set: (patch: Partial<DonorState>) => void }) {
  const t = useT();
  return (
    <>
      <div className="donate-grid">
        <div className="field">
          <label htmlFor="donor-first">{t('donation.donor.firstName')}</label>
          <input
            id="donor-first"
            autoComplete="given-name"
            value={donor.first_name}
            onChange={(e) => set({ first_name: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="donor-last">{t('donation.donor.lastName')}</label>
          <input id="donor-last" autoComplete="family-name" value={donor.last_name} onChange={(e) => set({ last_name: e.target.value })} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="donor-email">{t('donation.donor.email')}</label>
        <input
          id="donor-email"
          type="email"
          required
          autoComplete="email"
          value={donor.email}
          onChange={(e) => set({ email: e.target.value })}
        />
      </div>
    </>
  );
}

export function CountryPhoneFields({
  donor,
  set,
  smsError,
}: {
  donor: DonorState;
  set: (patch: Partial<DonorState>) => void;
  /** The phone cannot take texts though the box is ticked. */
  smsError?: string;
}) {
  const t = useT();
  return (
    <>
      <div className="field">
        <label htmlFor="donor-country">{t('donation.donor.country')}</label>
        <select id="donor-country" className="form-select" value={donor.country} onChange={(e) => set({ country: e.target.value })}>
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="donor-phone">{t('donation.donor.phone')}</label>
        <div className="phone-field">
          <select
            id="donor-phone-code"
            className="form-select phone-field__code"
            aria-label={t('donation.donor.phoneCode')}
            value={donor.phone_region}
            onChange={(e) => set({ phone_region: e.target.value })}
          >
            {PHONE_CODES.map((p) => (
              <option key={p.region} value={p.region}>{`${p.region} ${p.code}`}</option>
            ))}
          </select>
          <input
            id="donor-phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            value={donor.phone_number}
            aria-invalid={smsError ? true : undefined}
            aria-describedby={smsError ? 'donor-sms-error' : undefined}
            onChange={(e) => set({ phone_number: e.target.value })}
          />
        </div>
        <label className="checkbox">
          <input
            id="donor-sms"
            type="checkbox"
            checked={donor.sms_opt_in}
            aria-describedby={smsError ? 'donor-sms-error' : 'donor-sms-hint'}
            onChange={(e) => set({ sms_opt_in: e.target.checked })}
          />
          {t('donation.sms.label')}
        </label>
        {smsError ? (
          <p id="donor-sms-error" className="field__error" role="alert">
            {smsError}
          </p>
        ) : (
          <p id="donor-sms-hint" className="field__hint">
            {t('donation.sms.hint')}
          </p>
        )}
      </div>
    </>
  );
}

export function PaymentFields({
  donor,
  set,
  monthly = false,
  momoErrors = {},
}: {
  donor: DonorState;
  set: (patch: Partial<DonorState>) => void;
  /** Monthly gifts are card only: mobile money is offered but disabled, with the reason. */
  monthly?: boolean;
  momoErrors?: MomoErrors;
}) {
  const momo = donor.payment_method === 'mobile_money' && !monthly;
  const t = useT();
  return (
    <>
      <div className="field">
        <label htmlFor="donor-method">{t('donation.donor.method')}</label>
        <select
          id="donor-method"
          className="form-select"
          value={monthly ? 'card' : donor.payment_method}
          aria-describedby={monthly ? 'donor-method-why' : undefined}
          onChange={(e) => {
            const method = e.target.value as PaymentMethod;
            // The contact number is often the wallet: offer it, never overwrite what was typed.
            const contact = donor.phone_region === 'GH' ? donor.phone_number : '';
            const prefill = method === 'mobile_money' && !donor.momo_phone && normaliseGhanaMobile(contact) ? { momo_phone: contact } : {};
            set({ payment_method: method, ...prefill });
          }}
        >
          <option value="card">{t('donation.method.card')}</option>
          <option value="mobile_money" disabled={monthly}>
            {t('donation.method.mobileMoney')}
          </option>
        </select>
        {monthly ? (
          <p id="donor-method-why" className="field__hint">
            {t('donation.momo.monthlyCardOnly')}
          </p>
        ) : null}
      </div>
      {momo ? <MobileMoneyFields state={donor} set={set} errors={momoErrors} /> : null}
      <label className="checkbox">
        <input type="checkbox" checked={donor.is_anonymous} onChange={(e) => set({ is_anonymous: e.target.checked })} />
        {t('donation.donor.anonymous')}
      </label>
    </>
  );
}

/** An optional message of support; a checkout of several causes leaves it on each. */
export function SupportMessageField({ donor, set }: { donor: DonorState; set: (patch: Partial<DonorState>) => void }) {
  const length = (donor.message ?? '').length;
  const t = useT();
  return (
    <div className="field">
      <label htmlFor="donor-message">{t('donation.donor.message')}</label>
      <textarea
        id="donor-message"
        rows={3}
        maxLength={SUPPORT_MESSAGE_MAX}
        value={donor.message ?? ''}
        onChange={(e) => set({ message: e.target.value })}
        aria-describedby="donor-message-count"
      />
      <p id="donor-message-count" className="field__hint" aria-live="polite">
        {t('donation.donor.messageCount', { length, max: SUPPORT_MESSAGE_MAX })}
      </p>
    </div>
  );
}

/** The Donate button: offline it is disabled and says why; nothing typed is lost. */
export function DonateButton({ online, busy, monthly = false }: { online: boolean; busy: boolean; monthly?: boolean }) {
  const t = useT();
  return (
    <div className="donate-submit">
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={!online || busy}
        aria-describedby={online ? undefined : 'donate-offline-why'}
      >
        {online
          ? busy
            ? t('donation.submit.starting')
            : monthly
              ? t('donation.submit.monthly')
              : t('donation.submit.donate')
          : t('donation.submit.offline')}
      </button>
      {online ? null : (
        <p id="donate-offline-why" className="donate-submit__why">
          {t('donation.submit.offlineWhy')}
        </p>
      )}
    </div>
  );
}
