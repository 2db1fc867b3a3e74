/**
 * Paystack over its REST API (https://paystack.com/docs/api/transaction/): initialize
 * returns the hosted checkout address, verify is the only answer we trust, and webhooks
 * are signed with the same secret key. Payouts (https://paystack.com/docs/transfers/):
 * bank lists, account resolve, transfer recipients (ghipss / mobile_money), transfers
 * with our own reference and transfer verification by that reference.
 */
import { chargeResult, plainReason, type PaystackChargeData } from './paystack-charge';
import type {
  InitializeInput,
  MobileChargeInput,
  MobileChargeResult,
  PaymentProvider,
  PayoutInstitution,
  ProviderResult,
  ProviderStatus,
  RecipientInput,
  RefundResult,
  TransferInput,
  TransferResult,
} from './provider';
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

interface PaystackTransfer {
  status?: string;
  transfer_code?: string;
  failures?: unknown;
  gateway_response?: string;
}

/** queued/pending/otp/processing/received: not decided yet. */
function transferResult(data: PaystackTransfer): TransferResult {
  const status = String(data.status ?? 'unknown');
  const failed = ['failed', 'reversed', 'abandoned', 'rejected', 'blocked'].includes(status);
  const reason =
    status === 'reversed'
      ? 'The transfer was reversed.'
      : failed
        ? (typeof data.gateway_response === 'string' && data.gateway_response) || `The transfer ${status}.`
        : null;
  return {
    status: status === 'success' ? 'success' : failed ? 'failed' : 'pending',
    providerStatus: status,
    transferCode: typeof data.transfer_code === 'string' ? data.transfer_code : null,
    reason,
  };
}

interface PaystackRefund {
  id?: number | string;
  status?: string;
}

/** Paystack: pending/processing/needs-attention are still on their way; processed and failed are final. */
function refundResult(data: PaystackRefund): RefundResult {
  const status = String(data.status ?? 'unknown');
  return {
    status: status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'pending',
    providerReference: String(data.id ?? ''),
    providerStatus: status,
  };
}

/** Paystack's data.channel (card, mobile_money, bank_transfer, apple_pay, …) as a short word; null when it is anything else. */
function channelOf(channel: unknown): string | null {
  return typeof channel === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(channel) ? channel : null;
}

/** Paystack wants Ghanaian mobile money numbers in the local form 0XXXXXXXXX. */
function localMobileNumber(number: string): string {
  return number.startsWith('233') ? `0${number.slice(3)}` : number;
}

export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;

  constructor(
    private readonly secretKey: string,
    private readonly baseUrl: string,
  ) {}

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
      // A plan makes Paystack create the subscription after this first charge; plans charge cards only.
      ...(input.plan ? { plan: input.plan, channels: ['card'] } : {}),
    });
    const url = json.data?.authorization_url;
    if (status >= 200 && status < 300 && json.status && typeof url === 'string') return { authorizationUrl: url };
    // A 4xx is Paystack saying no for sure; a 5xx may or may not have created the transaction.
    throw new ProviderError(`Paystack initialize failed (${status}): ${json.message ?? 'no message'}`, status >= 400 && status < 500);
  }

  supportsMonthly(method: 'card' | 'mobile_money' | null): boolean {
    // Paystack subscriptions renew on a saved card authorization only.
    return method !== 'mobile_money';
  }

  /** https://paystack.com/docs/api/plan/#create */
  async createPlan(input: { name: string; amount: number }): Promise<{ planCode: string }> {
    const { status, json } = await this.call<{ plan_code?: string }>('POST', '/plan', {
      name: input.name,
      amount: input.amount,
      interval: 'monthly',
      currency: 'GHS',
    });
    const code = json.data?.plan_code;
    if (status >= 200 && status < 300 && json.status && typeof code === 'string') return { planCode: code };
    throw new ProviderError(`Paystack plan failed (${status}): ${json.message ?? 'no message'}`, status >= 400 && status < 500);
  }

  /** https://paystack.com/docs/api/subscription/#disable — needs the subscription's email token. */
  async disableSubscription(code: string, token: string | null): Promise<void> {
    let emailToken = token;
    if (!emailToken) {
      const found = await this.call<{ email_token?: string }>('GET', `/subscription/${encodeURIComponent(code)}`);
      emailToken = found.json.data?.email_token ?? null;
      if (!emailToken) throw new ProviderError(`Paystack subscription ${code} not found (${found.status})`);
    }
    const { status, json } = await this.call('POST', '/subscription/disable', { code, token: emailToken });
    if (status >= 200 && status < 300 && json.status) return;
    throw new ProviderError(
      `Paystack subscription disable failed (${status}): ${json.message ?? 'no message'}`,
      status >= 400 && status < 500,
    );
  }

  /** POST /charge with mobile_money: the prompt goes to the donor's phone (payments/paystack-charge.ts). */
  async chargeMobile(input: MobileChargeInput): Promise<MobileChargeResult> {
    const { status, json } = await this.call<PaystackChargeData>('POST', '/charge', {
      email: input.email,
      amount: input.amount,
      currency: 'GHS',
      reference: input.reference,
      metadata: input.metadata,
      mobile_money: { phone: input.phone, provider: input.provider },
    });
    return chargeResult(status, json);
  }

  /** POST /charge/submit_otp {otp, reference}: the code or voucher the network sent. */
  async submitOtp(reference: string, otp: string): Promise<MobileChargeResult> {
    const { status, json } = await this.call<PaystackChargeData>('POST', '/charge/submit_otp', { otp, reference });
    return chargeResult(status, json);
  }

  async verify(reference: string): Promise<ProviderResult> {
    const { status, json } = await this.call<{
      status?: string;
      amount?: number;
      currency?: string;
      channel?: unknown;
      gateway_response?: string;
    }>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
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
      channel: channelOf(data.channel),
      ...(mapStatus(data.status) === 'failed' ? { reason: plainReason(data.gateway_response, String(data.status)) } : {}),
    };
  }

  /** POST /refund {transaction, amount}: amount in pesewas (Paystack's subunit); partial when below the charge. */
  async refund(reference: string, amountPesewas: number): Promise<RefundResult> {
    const { status, json } = await this.call<PaystackRefund>('POST', '/refund', { transaction: reference, amount: amountPesewas });
    if (status >= 200 && status < 300 && json.status && json.data && json.data.id !== undefined) return refundResult(json.data);
    throw new ProviderError(`Paystack refund failed (${status}): ${json.message ?? 'no message'}`, status >= 400 && status < 500);
  }

  async getRefund(providerReference: string): Promise<RefundResult | null> {
    const { status, json } = await this.call<PaystackRefund>('GET', `/refund/${encodeURIComponent(providerReference)}`);
    if (status === 404 || (status === 400 && json.status === false)) return null;
    if (status < 200 || status >= 300 || !json.data) {
      throw new ProviderError(`Paystack refund fetch failed (${status}): ${json.message ?? 'no message'}`);
    }
    return refundResult({ ...json.data, id: json.data.id ?? providerReference });
  }

  private async institutions(query: string): Promise<PayoutInstitution[]> {
    const { status, json } = await this.call<Array<{ code?: string; name?: string; active?: boolean }>>('GET', `/bank?${query}`);
    if (status < 200 || status >= 300 || !Array.isArray(json.data)) {
      throw new ProviderError(`Paystack bank list failed (${status}): ${json.message ?? 'no message'}`);
    }
    const seen = new Set<string>();
    return json.data
      .filter((b) => typeof b.code === 'string' && typeof b.name === 'string' && b.active !== false)
      .map((b) => ({ code: b.code!, name: b.name!.trim() }))
      .filter((b) => !seen.has(b.code) && seen.add(b.code));
  }

  listBanks(): Promise<PayoutInstitution[]> {
    return this.institutions('country=ghana&currency=GHS');
  }

  listMobileMoneyProviders(): Promise<PayoutInstitution[]> {
    return this.institutions('currency=GHS&type=mobile_money');
  }

  async resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string } | null> {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const { status, json } = await this.call<{ account_name?: string }>('GET', `/bank/resolve?${query}`);
    // Paystack answers 422/400/404 when the bank knows no such account.
    if (status >= 400 && status < 500) return null;
    const name = json.data?.account_name;
    if (status < 200 || status >= 300 || typeof name !== 'string' || !name.trim()) {
      throw new ProviderError(`Paystack account resolve failed (${status}): ${json.message ?? 'no message'}`);
    }
    return { accountName: name.trim() };
  }

  async createTransferRecipient(details: RecipientInput): Promise<{ recipientCode: string }> {
    const { status, json } = await this.call<{ recipient_code?: string }>('POST', '/transferrecipient', {
      type: details.type === 'bank' ? 'ghipss' : 'mobile_money',
      name: details.name,
      account_number: details.type === 'bank' ? details.accountNumber : localMobileNumber(details.accountNumber),
      bank_code: details.bankCode,
      currency: 'GHS',
    });
    const code = json.data?.recipient_code;
    if (status >= 200 && status < 300 && typeof code === 'string') return { recipientCode: code };
    throw new ProviderError(
      `Paystack transfer recipient failed (${status}): ${json.message ?? 'no message'}`,
      status >= 400 && status < 500,
    );
  }

  async initiateTransfer(input: TransferInput): Promise<TransferResult> {
    const { status, json } = await this.call<PaystackTransfer>('POST', '/transfer', {
      source: 'balance',
      amount: input.amount,
      currency: 'GHS',
      recipient: input.recipient,
      reference: input.reference,
      reason: input.reason,
    });
    if (status >= 200 && status < 300 && json.status && json.data) return transferResult(json.data);
    // 4xx: Paystack refused (the caller checks by reference before calling it failed); 5xx: unknown.
    throw new ProviderError(`Paystack transfer failed (${status}): ${json.message ?? 'no message'}`, status >= 400 && status < 500);
  }

  async getTransfer(reference: string): Promise<TransferResult | null> {
    const { status, json } = await this.call<PaystackTransfer>('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
    if (status === 404 || (status === 400 && json.status === false)) return null;
    if (status < 200 || status >= 300 || !json.data) {
      throw new ProviderError(`Paystack transfer verify failed (${status}): ${json.message ?? 'no message'}`);
    }
    return transferResult(json.data);
  }
}
