/**
 * Password reset links. The token travels only in the mail; the table keeps its sha256, so a read
 * of the database cannot reset anyone's password. A link works once and for a limited time, and
 * using one voids the person's other outstanding links.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets } from '../db/schema';

export class PasswordResetsRepo {
  constructor(private readonly db: Db) {}

  async create(userId: string, tokenHash: string, validSeconds: number): Promise<void> {
    await this.db.insert(passwordResets).values({
      userId,
      tokenHash,
      expiresAt: sql`now() + make_interval(secs => ${validSeconds})`,
    });
  }

  /** The user whose valid, unused link this is, now used up; null for an unknown, used or expired link. */
  async consume(tokenHash: string): Promise<string | null> {
    const [row] = await this.db
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .returning({ userId: passwordResets.userId });
    if (!row) return null;
    await this.db
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    return row.userId;
  }
}
