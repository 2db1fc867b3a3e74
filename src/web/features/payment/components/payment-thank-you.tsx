import { Link } from '@tanstack/react-router';
import type { PaymentVerified } from '../../../../shared/contract/payments';
import { formatGhs } from '../../../../shared/money';
import { slot } from '../../../../shared/i18n/slots';
import { PAYMENT_VERIFIED_MESSAGE } from '../../../../shared/payment-status';
import { useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { DownloadButton } from '../../receipts/download-button';
import { receiptPath } from '../../receipts/receipt-files';

/**
 * What a donor sees once a payment is verified: the thanks, each donation paid, the total, the
 * receipt and where to go next. /payment-status shows it after the hosted checkout, the donation
 * forms in place after a mobile money prompt was approved.
 */
export function PaymentThankYou({ result, headingLevel = 1 }: { result: PaymentVerified; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const t = useT();
  return (
    <>
      <p className="payment-card__icon payment-card__icon--ok" aria-hidden="true">
        ✓
      </p>
      <Heading>{t('payment.thanks.title')}</Heading>
      <p>
        {result.message && result.message !== PAYMENT_VERIFIED_MESSAGE
          ? t('payment.thanks.withMessage', { message: result.message })
          : t('payment.thanks.received')}
      </p>
      <ul className="paid-list" aria-label={t('payment.thanks.paidList')}>
        {result.donations.map((d) => (
          <li key={d.id}>
            <span>{d.cause_title || t('payment.thanks.unknownCause', { id: d.cause_id.slice(0, 8) })}</span>
            <strong>{formatGhs(d.amount)}</strong>
          </li>
        ))}
      </ul>
      <p className="paid-total">
        {withElements(t('payment.thanks.total', { total: slot('total') }), { total: <strong>{formatGhs(result.total_amount)}</strong> })}
      </p>
      <p className="payment-card__ref">
        {withElements(t('payment.reference', { reference: slot('reference') }), { reference: <code>{result.reference}</code> })}
      </p>
      <p className="button-row">
        <DownloadButton
          path={result.receipt_url ?? receiptPath(result.reference)}
          filename={`boafo-receipt-${result.reference}.pdf`}
          label={t('payment.thanks.receipt')}
          className="button button--secondary"
        />
      </p>
      <p className="button-row">
        <Link to="/donationhistory" className="button button--secondary">
          {t('payment.thanks.history')}
        </Link>
        <Link to="/causelistpage" className="button button--primary">
          {t('payment.thanks.more')}
        </Link>
      </p>
    </>
  );
}
