/**
 * The sandbox provider's own side of the money (what it was asked to charge, what the tester
 * chose, the transfers it "sent"), kept in the database so every server process sees the same.
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sandboxCharges, sandboxTransfers } from '../db/schema';

export type SandboxCharge = typeof sandboxCharges.$inferSelect;
export type SandboxTransfer = typeof sandboxTransfers.$inferSelect;
export type SandboxOutcome = NonNullable<SandboxCharge['outcome']>;

export class SandboxRepo {
  constructor(private readonly db: Db) {}

  async openCharge(reference: string, amount: number, currency: string): Promise<void> {
    await this.db.insert(sandboxCharges).values({ reference, amount, currency }).onConflictDoNothing();
  }

  /** A mobile money prompt to `phone` (233XXXXXXXXX); `otp` is the code it expects first, if any. */
  async openPrompt(reference: string, amount: number, phone: string, otp: string | null): Promise<void> {
    await this.db.insert(sandboxCharges).values({ reference, amount, currency: 'GHS', phone, otp }).onConflictDoNothing();
  }

  /** The prompts still waiting on a phone, oldest first (the sandbox phone page). */
  async waitingPrompts(phone: string): Promise<SandboxCharge[]> {
    return this.db
      .select()
      .from(sandboxCharges)
      .where(and(eq(sandboxCharges.phone, phone), isNull(sandboxCharges.outcome)))
      .orderBy(asc(sandboxCharges.createdAt))
      .limit(50);
  }

  async charge(reference: string): Promise<SandboxCharge | null> {
    const [row] = await this.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)).limit(1);
    return row ?? null;
  }

  /** Records the tester's choice: a paid or failed charge keeps its outcome, a cancelled one can still be paid. */
  async decide(reference: string, outcome: SandboxOutcome, method: string | null, reason: string | null = null): Promise<void> {
    await this.db
      .update(sandboxCharges)
      .set({ outcome, method, reason, decidedAt: sql`now()` })
      .where(and(eq(sandboxCharges.reference, reference), or(isNull(sandboxCharges.outcome), eq(sandboxCharges.outcome, 'abandoned'))));
  }

  /** A new transfer; null when one with this reference exists already. */
  async addTransfer(values: typeof sandboxTransfers.$inferInsert): Promise<SandboxTransfer | null> {
    const [row] = await this.db.insert(sandboxTransfers).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async transfer(reference: string): Promise<SandboxTransfer | null> {
    const [row] = await this.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference)).limit(1);
    return row ?? null;
  }
}
