import { useEffect, useRef, useState } from 'react';
import type { CheckoutRequest } from '../../../../shared/contract/cart';
import { formatGhs, toDecimalString } from '../../../../shared/money';
import { PageShell } from '../../../components/layout/page-shell';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { toast } from '../../../stores/toast-store';
import { startCheckout } from '../api/donation-api';
import { evenSplit } from '../lib/split';
import { slot } from '../../../../shared/i18n/slots';
import { useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { usePaymentAttempt } from '../lib/use-payment-attempt';
import type { PaymentVerified } from '../../../../shared/contract/payments';
import { type MomoErrors } from './mobile-money-fields';
import { validAmount } from './donation-page';
import { donorDetails, paymentChoice, useDonorState } from './donor-fields';
import { DonateForm } from './donate-form';
import { DonateHeader } from './donate-header';
import '../donation.css';

/** A cause chosen for this checkout, with its cart line total (decimal GHS) when it is in the cart. */
export interface ChosenCause {
  cause_id: string;
  title: string;
  /** The cart line total (donation_amount × quantity), or null when the cause is not in the cart. */
  cart_amount: string | null;
}

type Mode = 'separately' | 'together';

export interface MultiDonationPageProps {
  /** null while the cart loads. */
  causes: ChosenCause[] | null;
  /** No cart edit is waiting to sync: the server's cart amounts are the ones shown. */
  cartInSync: boolean;
  /** Once a mobile money payment is verified in place (the route refreshes the cart and the history). */
  onPaid?: (result: PaymentVerified) => void;
}

function readCartId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.cartId);
  } catch {
    return null;
  }
}

/** Spec §2 /multidonation: several causes in one payment, separately (an amount each) or together (one total, split evenly). */
export function MultiDonationPage({ causes, cartInSync, onPaid }: MultiDonationPageProps) {
  const t = useT();
  useDocumentTitle(t('donation.multi.title'));
  const online = useOnline();
  const [donor, setDonor] = useDonorState('checkout');
  const [mode, setMode] = useState<Mode>('separately');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [total, setTotal] = useState('');
  // Amounts the donor typed are theirs; the others follow the cart as it loads or syncs.
  const touched = useRef(new Set<string>());
  const totalTouched = useRef(false);
  const { busy, inFlight, start, charge, clearCharge } = usePaymentAttempt();
  const [momoErrors, setMomoErrors] = useState<MomoErrors>({});
  const [monthly, setMonthly] = useState(false);
  const list = causes ?? [];

  // Prefill each amount with its cart line total, and the together total with their sum.
  useEffect(() => {
    if (!causes) return;
    setAmounts((current) => {
      const next = { ...current };
      for (const c of causes) if (!touched.current.has(c.cause_id)) next[c.cause_id] = c.cart_amount ?? '';
      return next;
    });
    if (!totalTouched.current) {
      const sum = causes.reduce((s, c) => s + (validAmount(c.cart_amount ?? '') ?? 0), 0);
      setTotal(sum > 0 ? toDecimalString(sum) : '');
    }
  }, [causes]);

  // Until the prefill effect has run, show the cart amount straight away.
  const amountOf = (c: ChosenCause) => amounts[c.cause_id] ?? c.cart_amount ?? '';
  const totalPesewas = validAmount(total);
  const split = totalPesewas !== null ? evenSplit(totalPesewas, list.length) : [];
  const separatelyTotal = list.reduce((s, c) => s + (validAmount(amountOf(c)) ?? 0), 0);

  const buildRequest = (): CheckoutRequest | null => {
    const cause_ids = list.map((c) => c.cause_id);
    const base = { ...donorDetails(donor), cart_id: readCartId(), cause_ids };
    if (mode === 'together') {
      // Every cause must get at least one pesewa.
      if (totalPesewas === null || totalPesewas < list.length) return null;
      return { ...base, mode: 'together', total_amount: toDecimalString(totalPesewas) };
    }
    const parsed: Record<string, string> = {};
    for (const c of list) {
      const pesewas = validAmount(amountOf(c));
      if (pesewas === null) return null;
      parsed[c.cause_id] = toDecimalString(pesewas);
    }
    // Untouched cart amounts and a cart in step with the server: pay the cart lines as they are.
    const asInCart =
      cartInSync && list.every((c) => c.cart_amount !== null && validAmount(c.cart_amount) === validAmount(parsed[c.cause_id]));
    return asInCart ? { ...base, mode: 'cart' } : { ...base, mode: 'separately', amounts: parsed };
  };

  const submit = async () => {
    if (inFlight()) return;
    if (list.length === 0) {
      toast.error(t('donation.missingCause'));
      return;
    }
    const request = buildRequest();
    if (!request) {
      toast.warning(t('donation.invalidAmount'));
      return;
    }
    const pay = paymentChoice(donor, monthly);
    setMomoErrors(pay.ok ? {} : pay.errors);
    if (!pay.ok) return;
    if (!online) return;
    const paid = { ...request, ...pay.value };
    await start(monthly ? { ...paid, interval: 'monthly' } : paid, startCheckout);
  };

  return (
    <PageShell className="container page page--narrow donate-page">
      <DonateHeader />
      <h1>{t('donation.multi.title')}</h1>
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
          <label htmlFor="donate-mode">{t('donation.multi.modeLabel')}</label>
          <select id="donate-mode" className="form-select" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            <option value="separately">{t('donation.multi.separately')}</option>
            <option value="together">{t('donation.multi.together')}</option>
          </select>
        </div>

        <fieldset className="donate-causes">
          <legend>{t('donation.multi.causeCount', { count: list.length })}</legend>
          {causes === null ? <p aria-busy="true">{t('donation.multi.loading')}</p> : null}
          {causes !== null && list.length === 0 ? <p className="notice notice--warning">{t('donation.multi.noCauses')}</p> : null}
          {mode === 'separately' ? (
            <>
              {list.map((c) => (
                <div className="field donate-causes__row" key={c.cause_id}>
                  <label htmlFor={`amount-${c.cause_id}`}>{t('donation.multi.amountFor', { title: c.title })}</label>
                  <input
                    id={`amount-${c.cause_id}`}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={amountOf(c)}
                    onChange={(e) => {
                      touched.current.add(c.cause_id);
                      setAmounts({ ...amounts, [c.cause_id]: e.target.value });
                    }}
                  />
                </div>
              ))}
              {list.length > 0 ? (
                <p className="donate-causes__total">
                  {withElements(t('donation.multi.total', { total: slot('total') }), {
                    total: <strong>{formatGhs(separatelyTotal)}</strong>,
                  })}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <div className="field">
                <label htmlFor="together-total">{t('donation.multi.totalAmount')}</label>
                <input
                  id="together-total"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={total}
                  onChange={(e) => {
                    totalTouched.current = true;
                    setTotal(e.target.value);
                  }}
                />
              </div>
              <div className="split-preview" aria-live="polite">
                <p className="split-preview__title">{list.length > 1 ? t('donation.multi.splitRemainder') : t('donation.multi.split')}</p>
                <ul aria-label={t('donation.multi.splitLabel')}>
                  {list.map((c, i) => (
                    <li key={c.cause_id}>
                      <span>{c.title}</span>
                      <strong>{split.length ? formatGhs(split[i]) : '—'}</strong>
                    </li>
                  ))}
                </ul>
              </div>
            </>
          )}
        </fieldset>
      </DonateForm>
    </PageShell>
  );
}
