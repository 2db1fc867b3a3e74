/**
 * The built-in test provider: no keys, no network, no real money. Its "provider side"
 * (what it was asked to charge, what the tester chose) lives in sandbox_charges so every
 * server process sees the same outcome; the checkout page is routes/sandbox.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sandboxCharges } from '../db/schema';
import type {
  InitializeInput,
  PaymentProvider,
  PayoutInstitution,
  ProviderResult,
  RecipientInput,
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

export type SandboxOutcome = 'success' | 'failed' | 'abandoned';

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    readonly webhookSecret: string,
  ) {}

  async initialize(input: InitializeInput): Promise<{ authorizationUrl: string }> {
    await this.db
      .insert(sandboxCharges)
      .values({ reference: input.reference, amount: input.amount, currency: input.currency })
      .onConflictDoNothing();
    return { authorizationUrl: `${input.baseUrl}/sandbox/checkout/${encodeURIComponent(input.reference)}` };
  }

  async verify(reference: string): Promise<ProviderResult> {
    const charge = await this.charge(reference);
    if (!charge?.outcome)
      return { status: 'pending', amount: charge?.amount ?? null, currency: charge?.currency ?? null, providerStatus: 'pending' };
    return { status: charge.outcome, amount: charge.amount, currency: charge.currency, providerStatus: charge.outcome };
  }

  async charge(reference: string) {
    const [row] = await this.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)).limit(1);
    return row ?? null;
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
    return sandboxTransfer(this.db, input);
  }

  async getTransfer(reference: string): Promise<TransferResult | null> {
    return sandboxGetTransfer(this.db, reference);
  }

  /** Records the tester's choice once, like a real provider: a second click cannot change a decided charge. */
  async decide(reference: string, outcome: SandboxOutcome, method: string | null): Promise<SandboxOutcome | null> {
    await this.db
      .update(sandboxCharges)
      .set({ outcome, method, decidedAt: sql`now()` })
      .where(and(eq(sandboxCharges.reference, reference), isNull(sandboxCharges.outcome)));
    return (await this.charge(reference))?.outcome ?? null;
  }
}
