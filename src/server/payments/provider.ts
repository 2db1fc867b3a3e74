/**
 * The seam between Boafo and whoever moves the money. Routes and settlePayment only
 * see this interface; PAYMENT_PROVIDER picks the implementation at start.
 */
import type { PaymentProviderName } from '../config';

/** What the provider says happened; anything it reports as in progress is 'pending'. */
export type ProviderStatus = 'success' | 'failed' | 'abandoned' | 'pending';

export interface ProviderResult {
  status: ProviderStatus;
  /** Pesewas the provider says it charged; null when it did not say. */
  amount: number | null;
  currency: string | null;
  /** The provider's own word for the state (kept on the payment for support). */
  providerStatus: string;
}

export interface InitializeInput {
  reference: string;
  amount: number;
  currency: 'GHS';
  email: string;
  /** Where the provider sends the browser afterwards. */
  callbackUrl: string;
  /** Our own public address (the sandbox serves its checkout page there). */
  baseUrl: string;
  metadata: { donation_ids: string[]; payment_id: string };
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Secret the provider signs webhooks with (HMAC-SHA512, x-paystack-signature). */
  readonly webhookSecret: string;
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<ProviderResult>;
}

/** The provider could not be reached or refused the request; nothing was settled. */
export class ProviderError extends Error {
  constructor(message: string, readonly definite = false) {
    super(message);
    this.name = 'ProviderError';
  }
}
