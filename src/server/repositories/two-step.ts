/**
 * Two-step sign-in's rows: the TOTP secret and the last time step it accepted, the recovery codes
 * (hashes), sign-ins waiting for their second step, and remembered devices (hashes). Every "use it
 * once" is one guarded UPDATE, so two requests racing with the same code cannot both pass.
 */
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recoveryCodes, rememberedDevices, signInChallenges, twoStep } from '../db/schema';

export type TwoStepRow = typeof twoStep.$inferSelect;

export class TwoStepRepo {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<TwoStepRow | null> {
    const [row] = await this.db.select().from(twoStep).where(eq(twoStep.userId, userId)).limit(1);
    return row ?? null;
  }

  /** A new secret awaiting its first code; false when two-step sign-in is already on (turn it off first). */
  async startEnrolment(userId: string, secret: string): Promise<boolean> {
    const [row] = await this.db
      .insert(twoStep)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: twoStep.userId,
        set: { secret, lastStep: null, createdAt: sql`now()` },
        setWhere: isNull(twoStep.enabledAt),
      })
      .returning({ userId: twoStep.userId });
    return Boolean(row);
  }

  /** The first code proved the app has the secret: on, with that step used. */
  async enable(userId: string, step: number): Promise<boolean> {
    const [row] = await this.db
      .update(twoStep)
      .set({ enabledAt: sql`now()`, lastStep: step })
      .where(and(eq(twoStep.userId, userId), isNull(twoStep.enabledAt)))
      .returning({ userId: twoStep.userId });
    return Boolean(row);
  }

  /** Takes a time step as used; false when it (or a later one) already was: a replayed code. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const [row] = await this.db
      .update(twoStep)
      .set({ lastStep: step })
      .where(and(eq(twoStep.userId, userId), isNotNull(twoStep.enabledAt), or(isNull(twoStep.lastStep), lt(twoStep.lastStep, step))))
      .returning({ userId: twoStep.userId });
    return Boolean(row);
  }

  /** Off: the secret, the recovery codes and the remembered devices go. */
  async disable(userId: string): Promise<void> {
    await this.db.delete(twoStep).where(eq(twoStep.userId, userId));
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await this.db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId));
  }

  async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (hashes.length > 0) await this.db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  }

  /** Uses a recovery code up; false for a wrong, used, or someone else's code. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const [row] = await this.db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return Boolean(row);
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  async createChallenge(userId: string, tokenHash: string, validSeconds: number): Promise<void> {
    await this.db.insert(signInChallenges).values({ userId, tokenHash, expiresAt: sql`now() + make_interval(secs => ${validSeconds})` });
    // Lazy cleanup, as for sign-in limits: no timer needed.
    if (Math.random() < 0.05) await this.db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now() - interval '1 day'`));
  }

  /** The account a live, unused challenge belongs to, or null. */
  async challengeUser(tokenHash: string): Promise<string | null> {
    const [row] = await this.db
      .select({ userId: signInChallenges.userId })
      .from(signInChallenges)
      .where(and(eq(signInChallenges.tokenHash, tokenHash), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, sql`now()`)))
      .limit(1);
    return row?.userId ?? null;
  }

  /** Uses the challenge up (its second step passed); false when another request already did. */
  async consumeChallenge(tokenHash: string): Promise<boolean> {
    const [row] = await this.db
      .update(signInChallenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(signInChallenges.tokenHash, tokenHash), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, sql`now()`)))
      .returning({ userId: signInChallenges.userId });
    return Boolean(row);
  }

  async rememberDevice(userId: string, tokenHash: string, sessionId: string, days: number): Promise<void> {
    await this.db
      .insert(rememberedDevices)
      .values({ userId, tokenHash, sessionId, expiresAt: sql`now() + make_interval(days => ${days})` });
  }

  /** A remembered device of this user signing in again: it now belongs to the new session. */
  async useRememberedDevice(userId: string, tokenHash: string, sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .update(rememberedDevices)
      .set({ sessionId })
      .where(
        and(eq(rememberedDevices.userId, userId), eq(rememberedDevices.tokenHash, tokenHash), gt(rememberedDevices.expiresAt, sql`now()`)),
      )
      .returning({ userId: rememberedDevices.userId });
    return Boolean(row);
  }

  async isRememberedDevice(userId: string, tokenHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: rememberedDevices.userId })
      .from(rememberedDevices)
      .where(
        and(eq(rememberedDevices.userId, userId), eq(rememberedDevices.tokenHash, tokenHash), gt(rememberedDevices.expiresAt, sql`now()`)),
      )
      .limit(1);
    return Boolean(row);
  }
}
