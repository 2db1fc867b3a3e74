import { LAST_PAYMENT_REFERENCE_KEY } from '../../../../shared/payment-status';

/** Spec §5: the reference from the query string, falling back to the stored one. */
export function resolveReference(fromQuery: string | undefined | null): string | null {
  const query = fromQuery?.trim();
  if (query) return query;
  try {
    return localStorage.getItem(LAST_PAYMENT_REFERENCE_KEY) || null;
  } catch {
    return null;
  }
}

export interface PaymentStatusSearch {
  reference?: string;
}

export function validatePaymentStatusSearch(search: Record<string, unknown>): PaymentStatusSearch {
  const reference = search.reference;
  // The router parses JSON-looking values: a numeric reference arrives as a number.
  const text = typeof reference === 'string' || typeof reference === 'number' ? String(reference).trim() : '';
  return text ? { reference: text } : {};
}
