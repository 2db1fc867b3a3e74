/**
 * Paystack over its REST API (https://paystack.com/docs/api/transaction/): initialize
 * returns the hosted checkout address, verify is the only answer we trust, and webhooks
 * are signed with the same secret key.
 */
import type { InitializeInput, PaymentProvider, ProviderResult, ProviderStatus } from './provider';
import { ProviderError } from './provider';

const TIMEOUT_MS = 15_000;

interface PaystackEnvelope<T> {
  status?: boolean;
  message?: string;
  data?: T;
}

/** Paystack's in-between states (ongoing, processing, queued, …) are all still pending for us. */
function mapStatus(status: unknown): ProviderStatus {
  if (status === 'success') return 'success';
  if (status === 'failed' || status === 'reversed') return 'failed';
  if (status === 'abandoned') return 'abandoned';
  return 'pending';
}

export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;

  constructor(private readonly secretKey: string, private readonly baseUrl: string) {}

  get webhookSecret(): string {
    return this.secretKey;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: PaystackEnvelope<T> }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`Paystack unreachable: ${(error as Error).message}`);
    }
    const json = (await response.json().catch(() => ({}))) as PaystackEnvelope<T>;
    return { status: response.status, json };
  }

  async initialize(input: InitializeInput): Promise<{ authorizationUrl: string }> {
    const { status, json } = await this.call<{ authorization_url?: string }>('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amount,
      currency: input.currency,
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    });
    const url = json.data?.authorization_url;
    if (status >= 200 && status < 300 && json.status && typeof url === 'string') return { authorizationUrl: url };
    // A 4xx is Paystack saying no for sure; a 5xx may or may not have created the transaction.
    throw new ProviderError(`Paystack initialize failed (${status}): ${json.message ?? 'no message'}`, status >= 400 && status < 500);
  }

  async verify(reference: string): Promise<ProviderResult> {
    const { status, json } = await this.call<{ status?: string; amount?: number; currency?: string }>(
      'GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if (status === 404 || (status === 400 && json.status === false)) {
      // Paystack never heard of it (initialize never reached them): nothing to settle yet.
      return { status: 'pending', amount: null, currency: null, providerStatus: 'not_found' };
    }
    if (status < 200 || status >= 300 || !json.data) {
      throw new ProviderError(`Paystack verify failed (${status}): ${json.message ?? 'no message'}`);
    }
    const data = json.data;
    return {
      status: mapStatus(data.status),
      amount: typeof data.amount === 'number' && Number.isSafeInteger(data.amount) ? data.amount : null,
      currency: typeof data.currency === 'string' ? data.currency : null,
      providerStatus: String(data.status ?? 'unknown'),
    };
  }
}
