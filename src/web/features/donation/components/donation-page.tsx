import { useEffect, useState } from 'react';
import { CART_MAX_AMOUNT_GHS } from '../../../../shared/limits';
import { parseAmount, toDecimalString } from '../../../../shared/money';
import { PageShell } from '../../../components/layout/page-shell';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { toast } from '../../../stores/toast-store';
import { startDonation } from '../api/donation-api';
import type { DonationSearch } from '../lib/search';
import { slot } from '../../../../shared/i18n/slots';
import { useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { usePaymentAttempt } from '../lib/use-payment-attempt';
import type { PaymentVerified } from '../../../../shared/contract/payments';
import { type MomoErrors } from './mobile-money-fields';
import { donorDetails, paymentChoice, useDonorState } from './donor-fields';
import { DonateForm } from './donate-form';
import { DonateHeader } from './donate-header';
import '../donation.css';

/** A valid amount in pesewas (> 0, at most 2 decimals, within the cart limit), else null. */
export function validAmount(text: string): number | null {
  const pesewas = parseAmount(text.replace(/,/g, ''));
  if (pesewas === null || pesewas <= 0 || pesewas > CART_MAX_AMOUNT_GHS * 100) return null;
  return pesewas;
}

/** The query's amount as "25.50" when it is a valid amount, else empty (spec: prefilled when numeric). */
function prefillAmount(raw: string | undefined): string {
  const pesewas = raw === undefined ? null : parseAmount(raw);
  return pesewas !== null && pesewas > 0 ? toDecimalString(pesewas) : '';
}

function readCartId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.cartId);
  } catch {
    return null;
  }
}

export interface DonationPageProps {
  search: DonationSearch;
  /** The cause's title, when known (the route looks it up). */
  causeTitle?: string | null;
  /** Once a mobile money payment is verified in place (the route refreshes the cart and the history). */
  onPaid?: (result: PaymentVerified) => void;
}

/** Spec §2 /donation?causeId=&amount=: the single-donation form. */
export function DonationPage({ search, causeTitle, onPaid }: DonationPageProps) {
  const t = useT();
  useDocumentTitle(t('donation.single.title'));
  const online = useOnline();
  const [donor, setDonor] = useDonorState(search.causeId ?? '');
  const [amount, setAmount] = useState(() => prefillAmount(search.amount));
  const { busy, inFlight, start, charge, clearCharge } = usePaymentAttempt();
  const [momoErrors, setMomoErrors] = useState<MomoErrors>({});
  const [monthly, setMonthly] = useState(false);

  // A new amount in the URL (another cart line) prefills again.
  useEffect(() => {
    const next = prefillAmount(search.amount);
    if (next) setAmount(next);
  }, [search.amount]);

  const submit = async () => {
    if (inFlight()) return; // a double click while the first is on its way
    if (!search.causeId) {
      toast.error(t('donation.missingCause'));
      return;
    }
    const pesewas = validAmount(amount);
    if (pesewas === null) {
      toast.warning(t('donation.invalidAmount'));
      return;
    }
    const pay = paymentChoice(donor, monthly);
    setMomoErrors(pay.ok ? {} : pay.errors);
    if (!pay.ok) return;
    if (!online) return;
    const request = {
      ...donorDetails(donor),
      ...pay.value,
      cause_id: search.causeId,
      donation_amount: toDecimalString(pesewas),
      quantity: 1,
      cart_id: readCartId(),
      ...(monthly ? { interval: 'monthly' as const } : {}),
    };
    await start(request, startDonation);
  };

  return (
    <PageShell className="container page page--narrow donate-page">
      <DonateHeader />
      <h1>{t('donation.single.title')}</h1>
      {causeTitle ? (
        <p className="lead">{withElements(t('donation.single.to', { cause: slot('cause') }), { cause: <strong>{causeTitle}</strong> })}</p>
      ) : null}
      {!search.causeId ? <p className="notice notice--warning">{t('donation.single.noCause')}</p> : null}
      <DonateForm
        donor={donor}
        setDonor={setDonor}
        monthly={monthly}
        setMonthly={setMonthly}
        momoErrors={momoErrors}
        online={online}
        busy={busy}
        charge={charge}
        clearCharge={clearCharge}
        onPaid={onPaid}
        onSubmit={submit}
      >
        <div className="field">
          <label htmlFor="donation-amount">{t('donation.single.amount')}</label>
          <input
            id="donation-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('donation.single.amountPlaceholder')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
      </DonateForm>
    </PageShell>
  );
}
