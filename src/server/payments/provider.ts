/**
 * The seam between Boafo and whoever moves the money. Routes and settlePayment only
 * see this interface; PAYMENT_PROVIDER picks the implementation at start.
 */
import type { PaymentProviderName } from '../config';

/**
 * What the provider says happened; anything it reports as in progress is 'pending'. 'abandoned' is
 * the provider's word for a checkout nobody has paid yet (Paystack): the donor may still pay it, so
 * it stays pending here for a while (payments/pay-window.ts).
 */
export type ProviderStatus = 'success' | 'failed' | 'abandoned' | 'pending';

export interface ProviderResult {
  status: ProviderStatus;
  /** Pesewas the provider says it charged; null when it did not say. */
  amount: number | null;
  currency: string | null;
  /** The provider's own word for the state (kept on the payment for support). */
  providerStatus: string;
  /**
   * How the donor actually paid, in the provider's words (Paystack's data.channel: card, mobile_money,
   * bank_transfer, apple_pay, …); null or absent when it did not say. Decides the card hold (paid-method.ts).
   */
  channel?: string | null;
  /** Why it failed, in plain words the donor can read (mobile money prompts); absent when the provider did not say. */
  reason?: string | null;
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
  /** A monthly gift's plan: the provider charges this amount again every month after this first payment. */
  plan?: string;
}

/** Monthly gifts through the provider's plans and subscriptions. */
export interface RecurringProvider {
  /** Whether monthly charges work with this method (Paystack: card only); null = the donor picks at checkout. */
  supportsMonthly(method: 'card' | 'mobile_money' | null): boolean;
  /** A monthly plan for one gift's amount (pesewas); its code goes to initialize. */
  createPlan(input: { name: string; amount: number }): Promise<{ planCode: string }>;
  /** Stops the provider's subscription (token: Paystack's email token, looked up when null). */
  disableSubscription(code: string, token: string | null): Promise<void>;
}

/** A bank or mobile money network the provider can pay out to. */
export interface PayoutInstitution {
  code: string;
  name: string;
}

export interface RecipientInput {
  type: 'bank' | 'mobile_money';
  /** The verified account holder's name. */
  name: string;
  /** Bank account number, or the mobile money number as 233XXXXXXXXX. */
  accountNumber: string;
  /** Bank code, or the mobile money network code (MTN, VOD, ATL). */
  bankCode: string;
}

export interface TransferInput {
  /** Pesewas. */
  amount: number;
  /** The provider's recipient code (from createTransferRecipient). */
  recipient: string;
  /** Ours; the same reference on every attempt, so a transfer can never be sent twice. */
  reference: string;
  reason: string;
}

/** What the provider says about a transfer: pending covers queued/processing/otp and anything unknown. */
export interface TransferResult {
  status: 'success' | 'failed' | 'pending';
  providerStatus: string;
  transferCode: string | null;
  /** Why it failed (or was reversed), when the provider said. */
  reason: string | null;
}

/** Paying organizers out: lists, account checks and transfers (spec §7). */
export interface PayoutProvider {
  listBanks(): Promise<PayoutInstitution[]>;
  listMobileMoneyProviders(): Promise<PayoutInstitution[]>;
  /** The account holder's name, or null when the bank says there is no such account. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string } | null>;
  createTransferRecipient(details: RecipientInput): Promise<{ recipientCode: string }>;
  /** ProviderError(definite = true) when the provider refused it for sure; otherwise the outcome may be unknown. */
  initiateTransfer(input: TransferInput): Promise<TransferResult>;
  /** null when the provider never received a transfer with this reference. */
  getTransfer(reference: string): Promise<TransferResult | null>;
}

/** What the provider says about a refund: pending covers queued/processing and anything unknown. */
export interface RefundResult {
  status: 'processed' | 'failed' | 'pending';
  /** The provider's own id for the refund (webhooks and later checks use it). */
  providerReference: string;
  providerStatus: string;
}

/** The provider's mobile money network codes (Paystack: mtn, vod for Telecel, atl for AT Money). */
export type MobileProviderCode = 'mtn' | 'vod' | 'atl';

export interface MobileChargeInput {
  /** The wallet in the local form 0XXXXXXXXX, as Paystack's Charge API takes it. */
  phone: string;
  provider: MobileProviderCode;
  /** Pesewas. */
  amount: number;
  email: string;
  /** Ours; verify and the webhook find the payment by it. */
  reference: string;
  metadata: { donation_ids: string[]; payment_id: string };
}

/**
 * What the donor must do next about a direct wallet charge: approve the prompt on the phone
 * (pay_offline), type the code the network sent (send_otp), or nothing (success, failed).
 * display_text is the provider's instruction; reason the failure in plain words.
 */
export interface MobileChargeResult {
  status: 'pay_offline' | 'send_otp' | 'success' | 'failed';
  displayText: string;
  reason?: string;
}

/** Charging a mobile money wallet directly, without the hosted checkout (issue #30). */
export interface MobileMoneyProvider {
  /** ProviderError when the provider could not be reached or refused the request itself. */
  chargeMobile(input: MobileChargeInput): Promise<MobileChargeResult>;
  submitOtp(reference: string, otp: string): Promise<MobileChargeResult>;
}

export interface PaymentProvider extends PayoutProvider, RecurringProvider, MobileMoneyProvider {
  readonly name: PaymentProviderName;
  /** Secret the provider signs webhooks with (HMAC-SHA512, x-paystack-signature). */
  readonly webhookSecret: string;
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<ProviderResult>;
  /**
   * Pays `amountPesewas` of the transaction `reference` back to the donor (in part or in full).
   * ProviderError(definite = true) when the provider refused it for sure.
   */
  refund(reference: string, amountPesewas: number): Promise<RefundResult>;
  /** The provider's current word on a refund; null when it knows no such refund. */
  getRefund(providerReference: string): Promise<RefundResult | null>;
}

/** The provider could not be reached or refused the request; nothing was settled. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly definite = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
