/**
 * The built-in test provider: no keys, no network, no real money. Its "provider side"
 * (what it was asked to charge, what the tester chose) lives in sandbox_charges so every
 * server process sees the same outcome; the checkout page is routes/sandbox.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxOutcome, SandboxRepo } from '../repositories/sandbox';
import type {
  InitializeInput,
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

export type { SandboxOutcome };

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
    };
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
  async decide(reference: string, outcome: SandboxOutcome, method: string | null): Promise<SandboxOutcome | null> {
    await this.repo.decide(reference, outcome, method);
    return (await this.charge(reference))?.outcome ?? null;
  }
}
