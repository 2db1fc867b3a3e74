import { Link } from '@tanstack/react-router';
import type { PaymentVerified } from '../../../../shared/contract/payments';
import { formatGhs } from '../../../../shared/money';
import { DownloadButton } from '../../receipts/download-button';
import { receiptPath } from '../../receipts/receipt-files';

export const THANK_YOU_TEXT = {
  title: 'Payment verified successfully',
  thanks: 'Thank you!',
  received: ' Your donation has been received.',
  paidList: 'Donations paid',
  total: 'Total',
  reference: 'Reference',
  receipt: 'Download receipt',
  history: 'Your donation history',
  more: 'Browse more causes',
} as const;

/**
 * What a donor sees once a payment is verified: the thanks, each donation paid, the total, the
 * receipt and where to go next. /payment-status shows it after the hosted checkout, the donation
 * forms in place after a mobile money prompt was approved.
 */
export function PaymentThankYou({ result, headingLevel = 1 }: { result: PaymentVerified; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      <p className="payment-card__icon payment-card__icon--ok" aria-hidden="true">
        ✓
      </p>
      <Heading>{THANK_YOU_TEXT.title}</Heading>
      <p>
        {THANK_YOU_TEXT.thanks}
        {result.message && result.message !== THANK_YOU_TEXT.title ? ` ${result.message}` : THANK_YOU_TEXT.received}
      </p>
      <ul className="paid-list" aria-label={THANK_YOU_TEXT.paidList}>
        {result.donations.map((d) => (
          <li key={d.id}>
            <span>{d.cause_title || `Cause ${d.cause_id.slice(0, 8)}`}</span>
            <strong>{formatGhs(d.amount)}</strong>
          </li>
        ))}
      </ul>
      <p className="paid-total">
        {THANK_YOU_TEXT.total} <strong>{formatGhs(result.total_amount)}</strong>
      </p>
      <p className="payment-card__ref">
        {THANK_YOU_TEXT.reference} <code>{result.reference}</code>
      </p>
      <p className="button-row">
        <DownloadButton
          path={result.receipt_url ?? receiptPath(result.reference)}
          filename={`boafo-receipt-${result.reference}.pdf`}
          label={THANK_YOU_TEXT.receipt}
          className="button button--secondary"
        />
      </p>
      <p className="button-row">
        <Link to="/donationhistory" className="button button--secondary">
          {THANK_YOU_TEXT.history}
        </Link>
        <Link to="/causelistpage" className="button button--primary">
          {THANK_YOU_TEXT.more}
        </Link>
      </p>
    </>
  );
}
