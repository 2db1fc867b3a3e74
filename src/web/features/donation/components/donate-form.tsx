import type { ReactNode } from 'react';
import type { MobileCharge } from '../../../../shared/contract/mobile-money';
import type { PaymentVerified } from '../../../../shared/contract/payments';
import { MobileMoneyStatus } from '../../payment/components/mobile-money-status';
import { CountryPhoneFields, DonateButton, NameEmailFields, PaymentFields, SupportMessageField, type DonorState } from './donor-fields';
import { GiveMonthlyField } from './give-monthly-field';
import type { MomoErrors } from './mobile-money-fields';
import { RedirectingScreen } from './redirecting-screen';

export interface DonateFormProps {
  donor: DonorState;
  setDonor: (patch: Partial<DonorState>) => void;
  monthly: boolean;
  setMonthly: (monthly: boolean) => void;
  momoErrors: MomoErrors;
  online: boolean;
  busy: boolean;
  /** A mobile money charge started from this form: followed in place instead of the form. */
  charge: MobileCharge | null;
  clearCharge: () => void;
  onPaid?: (result: PaymentVerified) => void;
  onSubmit: () => Promise<void>;
  /** What this form gives: one amount, or several causes' amounts. */
  children: ReactNode;
}

/**
 * The frame both donate forms share: who gives, what (the children), the message, how to pay, the
 * monthly choice and the button; or, once a mobile money charge has started, its status panel.
 */
export function DonateForm(props: DonateFormProps) {
  const { donor, setDonor, monthly, busy, charge } = props;
  return (
    <>
      {/* The details stay in the page's state (and the saved draft): "Use another number" brings the form back filled. */}
      {charge ? <MobileMoneyStatus charge={charge} onPaid={props.onPaid} onChangeNumber={props.clearCharge} /> : null}
      {charge ? null : (
        <form
          className="donate-form"
          onSubmit={(e) => {
            e.preventDefault();
            void props.onSubmit();
          }}
        >
          <NameEmailFields donor={donor} set={setDonor} />
          <CountryPhoneFields donor={donor} set={setDonor} smsError={props.momoErrors.sms} />
          {props.children}
          <SupportMessageField donor={donor} set={setDonor} />
          <PaymentFields donor={donor} set={setDonor} monthly={monthly} momoErrors={props.momoErrors} />
          <GiveMonthlyField monthly={monthly} setMonthly={props.setMonthly} />
          <DonateButton online={props.online} busy={busy} monthly={monthly} />
        </form>
      )}
      {/* Mobile money stays on this page: the button says it is starting, no "redirecting" cover. */}
      {busy && !(donor.payment_method === 'mobile_money' && !monthly) ? <RedirectingScreen overlay /> : null}
    </>
  );
}
