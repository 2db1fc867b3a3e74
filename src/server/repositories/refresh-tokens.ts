/**
 * Refresh tokens rotate on every use. A token presented a second time means
 * it leaked (or two tabs raced): the whole family is revoked and the user
 * signs in again. That strictness is the point of rotation.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../shared/auth-contract';
import type { Db } from '../db/client';
import { refreshTokens } from '../db/schema';
import { newRefreshToken, sha256Hex } from '../lib/tokens';

export type RotateResult =
  | { ok: true; userId: string; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

function expiry(): Date {
  return new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
}

export class RefreshTokensRepo {
  constructor(private readonly db: Db) {}

  /** Starts a new family (a login). */
  async issue(userId: string): Promise<string> {
    const token = newRefreshToken();
    await this.db.insert(refreshTokens).values({
      userId, familyId: randomUUID(), tokenHash: sha256Hex(token), expiresAt: expiry(),
    });
    return token;
  }

  async rotate(token: string): Promise<RotateResult> {
    const tokenHash = sha256Hex(token);
    return this.db.transaction(async (tx) => {
      // The conditional UPDATE is the race guard: only one request can mark a token used.
      const [current] = await tx.update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ))
        .returning();
      if (!current) {
        const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
        if (row.usedAt) {
          await tx.update(refreshTokens).set({ revokedAt: sql`now()` })
            .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
          return { ok: false, reason: 'reused' } as const;
        }
        return { ok: false, reason: 'expired' } as const;
      }
      const next = newRefreshToken();
      const [inserted] = await tx.insert(refreshTokens).values({
        userId: current.userId, familyId: current.familyId, tokenHash: sha256Hex(next), expiresAt: expiry(),
      }).returning({ id: refreshTokens.id });
      await tx.update(refreshTokens).set({ replacedBy: inserted.id }).where(eq(refreshTokens.id, current.id));
      return { ok: true, userId: current.userId, token: next } as const;
    });
  }

  /** Revokes the family the token belongs to; false when the token is unknown. */
  async revokeFamily(token: string): Promise<boolean> {
    const [row] = await this.db.select({ familyId: refreshTokens.familyId }).from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(token))).limit(1);
    if (!row) return false;
    await this.db.update(refreshTokens).set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    return true;
  }
}
