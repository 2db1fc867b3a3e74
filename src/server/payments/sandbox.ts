/**
 * The built-in test provider: no keys, no network, no real money. Its "provider side"
 * (what it was asked to charge, what the tester chose) lives in sandbox_charges so every
 * server process sees the same outcome; the checkout page is routes/sandbox.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxOutcome, SandboxRepo } from '../repositories/sandbox';
import { formatGhs } from '../../shared/money';
import { normaliseGhanaMobile } from '../../shared/phone';
import { NOT_ENOUGH_MONEY, WRONG_CODE } from './paystack-charge';
import { ProviderError } from './provider';
import type {
  InitializeInput,
  MobileChargeInput,
  MobileChargeResult,
  PaymentProvider,
  PayoutInstitution,
  ProviderResult,
  RecipientInput,
  RefundResult,
  TransferInput,
  TransferResult,
} from './provider';
import {
  SANDBOX_BANKS,
  SANDBOX_MOBILE_MONEY,
  sandboxGetTransfer,
  sandboxRecipient,
  sandboxResolve,
  sandboxTransfer,
} from './sandbox-payouts';
import { english } from '../lib/localize';

export type { SandboxOutcome };

/** The code the sandbox expects for numbers ending in 0. */
export const SANDBOX_OTP = '123456';

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly repo: SandboxRepo,
    readonly webhookSecret: string,
  ) {}

  async initialize(input: InitializeInput): Promise<{ authorizationUrl: string }> {
    await this.repo.openCharge(input.reference, input.amount, input.currency);
    return { authorizationUrl: `${input.baseUrl}/sandbox/checkout/${encodeURIComponent(input.reference)}` };
  }

  async verify(reference: string): Promise<ProviderResult> {
    const charge = await this.charge(reference);
    if (!charge?.outcome)
      return { status: 'pending', amount: charge?.amount ?? null, currency: charge?.currency ?? null, providerStatus: 'pending' };
    // The channel is the one the tester paid with on the checkout page (none when a test posted no method).
    return {
      status: charge.outcome,
      amount: charge.amount,
      currency: charge.currency,
      providerStatus: charge.outcome,
      channel: charge.method,
      reason: charge.reason,
    };
  }

  /**
   * A prompt to the wallet, by the number's last digit: 9 fails at once (not enough money), 0 asks
   * for a code first (SANDBOX_OTP; anything else fails "Wrong code", like a voucher typed wrong: the
   * donor asks for a new prompt), any other digit waits for Approve or Decline on /sandbox/phone/{number}.
   */
  async chargeMobile(input: MobileChargeInput): Promise<MobileChargeResult> {
    const phone = normaliseGhanaMobile(input.phone);
    if (!phone) throw new ProviderError('Sandbox: not a Ghana mobile number', true);
    const last = phone.at(-1);
    await this.repo.openPrompt(input.reference, input.amount, phone, last === '0' ? SANDBOX_OTP : null);
    if (last === '9') {
      await this.repo.decide(input.reference, 'failed', 'mobile_money', NOT_ENOUGH_MONEY);
      return { status: 'failed', displayText: NOT_ENOUGH_MONEY, reason: NOT_ENOUGH_MONEY };
    }
    if (last === '0') return { status: 'send_otp', displayText: english('server.mobileMoney.sandboxCode', { code: SANDBOX_OTP }) };
    return { status: 'pay_offline', displayText: english('server.mobileMoney.approveAmount', { amount: formatGhs(input.amount) }) };
  }

  async submitOtp(reference: string, otp: string): Promise<MobileChargeResult> {
    const charge = await this.charge(reference);
    if (!charge?.phone) throw new ProviderError('Sandbox: no such charge', true);
    if (!charge.outcome && charge.otp !== null) {
      const right = otp === charge.otp;
      await this.repo.decide(reference, right ? 'success' : 'failed', 'mobile_money', right ? null : WRONG_CODE);
    }
    const now = await this.charge(reference);
    if (now?.outcome === 'success') return { status: 'success', displayText: english('server.mobileMoney.paid') };
    if (now?.outcome) return { status: 'failed', displayText: now.reason ?? WRONG_CODE, reason: now.reason ?? WRONG_CODE };
    return { status: 'pay_offline', displayText: english('server.mobileMoney.approveAmount', { amount: formatGhs(charge.amount) }) };
  }

  /** The sandbox pays back at once: no money ever moved, so there is nothing to wait for. */
  async refund(reference: string, amountPesewas: number): Promise<RefundResult> {
    return { status: 'processed', providerReference: `sbr-${randomUUID()}`, providerStatus: `processed ${amountPesewas} of ${reference}` };
  }

  async getRefund(providerReference: string): Promise<RefundResult | null> {
    return providerReference.startsWith('sbr-') ? { status: 'processed', providerReference, providerStatus: 'processed' } : null;
  }

  charge(reference: string) {
    return this.repo.charge(reference);
  }

  // Monthly gifts: the sandbox charges each month when a test (or a tester) says so (routes/sandbox/subscriptions.ts).
  supportsMonthly(): boolean {
    return true;
  }

  async createPlan(input: { name: string; amount: number }): Promise<{ planCode: string }> {
    return { planCode: `sandbox-plan-${input.amount}-${Date.now().toString(36)}` };
  }

  async disableSubscription(): Promise<void> {}

  /** A month's charge the provider made on its own (with the way the gift pays): recorded with its outcome at once. */
  async recurringCharge(reference: string, amount: number, outcome: SandboxOutcome, method: string | null): Promise<void> {
    await this.repo.openCharge(reference, amount, 'GHS');
    await this.repo.decide(reference, outcome, method);
  }

  // Payouts (rules in sandbox-payouts.ts).
  async listBanks(): Promise<PayoutInstitution[]> {
    return SANDBOX_BANKS.map((b) => ({ ...b }));
  }

  async listMobileMoneyProviders(): Promise<PayoutInstitution[]> {
    return SANDBOX_MOBILE_MONEY.map((p) => ({ ...p }));
  }

  async resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string } | null> {
    return sandboxResolve(bankCode, accountNumber);
  }

  async createTransferRecipient(details: RecipientInput): Promise<{ recipientCode: string }> {
    return sandboxRecipient(details);
  }

  async initiateTransfer(input: TransferInput): Promise<TransferResult> {
    return sandboxTransfer(this.repo, input);
  }

  async getTransfer(reference: string): Promise<TransferResult | null> {
    return sandboxGetTransfer(this.repo, reference);
  }

  /**
   * Records the tester's choice like a real provider: a paid or failed charge cannot change, a
   * cancelled one can still be paid (Paystack's abandoned checkout), so testers see that path too.
   */
  async decide(
    reference: string,
    outcome: SandboxOutcome,
    method: string | null,
    reason: string | null = null,
  ): Promise<SandboxOutcome | null> {
    await this.repo.decide(reference, outcome, method, reason);
    return (await this.charge(reference))?.outcome ?? null;
  }
}
