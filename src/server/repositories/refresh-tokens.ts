/**
 * Refresh tokens rotate on every use, with a grace rule for clients that keep only the new
 * access token (spec §7: the refresh answer is read for `access`):
 *
 * - A token's first use marks it used and answers a successor (a child row, parent_id → it).
 * - A used token stays valid until one of its successors has been used: presented again before
 *   that, it answers another successor (the client never stored the first one, or lost the answer).
 * - The first successor to be used wins: its unused siblings are revoked at that moment.
 * - Presented after a successor was used, a token is a replay: someone else holds the live chain,
 *   so the whole family (every token of that login) is revoked and the user signs in again.
 *   Presenting a revoked token does the same (a revoked sibling means a second chain existed).
 *
 * Our PWA stores every new refresh token, so it always presents the newest one; a thief replaying
 * an old token after the owner moved on is caught exactly as before. Row locks (parent first,
 * then the presented token) serialise a token's re-use against its successors' first use.
 */
import { and, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../shared/sign-in';
import type { Db } from '../db/client';
import { refreshTokens } from '../db/schema';
import { newRefreshToken, sha256Hex } from '../lib/tokens';

export type RotateResult =
  { ok: true; userId: string; token: string; sessionId: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

function expiry(): Date {
  return new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
}

async function lockRow(tx: Db, where: SQL): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx.select().from(refreshTokens).where(where).limit(1).for('update');
  return row;
}

async function revokeFamily(tx: Db, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** A new token of the same family, rotated from `parent`. */
async function issueSuccessor(tx: Db, parent: RefreshTokenRow): Promise<string> {
  const token = newRefreshToken();
  const [inserted] = await tx
    .insert(refreshTokens)
    .values({
      userId: parent.userId,
      familyId: parent.familyId,
      parentId: parent.id,
      tokenHash: sha256Hex(token),
      expiresAt: expiry(),
    })
    .returning({ id: refreshTokens.id });
  await tx.update(refreshTokens).set({ replacedBy: inserted.id }).where(eq(refreshTokens.id, parent.id));
  return token;
}

export class RefreshTokensRepo {
  constructor(private readonly db: Db) {}

  /** Starts a new family (a login); its id is the session's (repositories/sessions.ts). */
  async issue(userId: string, familyId: string = randomUUID()): Promise<string> {
    const token = newRefreshToken();
    await this.db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: sha256Hex(token),
      expiresAt: expiry(),
    });
    return token;
  }

  async rotate(token: string): Promise<RotateResult> {
    const tokenHash = sha256Hex(token);
    return this.db.transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db;
      const [seen] = await tx
        .select({ parentId: refreshTokens.parentId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      if (!seen) return { ok: false, reason: 'unknown' } as const;
      // Always parent before child, so a sibling's first use and the parent's re-use queue up instead of deadlocking.
      if (seen.parentId) await lockRow(tx, eq(refreshTokens.id, seen.parentId));
      const row = await lockRow(tx, eq(refreshTokens.tokenHash, tokenHash));
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.revokedAt) {
        await revokeFamily(tx, row.familyId);
        return { ok: false, reason: 'revoked' } as const;
      }
      if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;

      if (row.usedAt === null) {
        await tx
          .update(refreshTokens)
          .set({ usedAt: sql`now()` })
          .where(eq(refreshTokens.id, row.id));
        if (row.parentId) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: sql`now()` })
            .where(
              and(
                eq(refreshTokens.parentId, row.parentId),
                ne(refreshTokens.id, row.id),
                isNull(refreshTokens.usedAt),
                isNull(refreshTokens.revokedAt),
              ),
            );
        }
        return { ok: true, userId: row.userId, sessionId: row.familyId, token: await issueSuccessor(tx, row) } as const;
      }

      const [usedSuccessor] = await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.parentId, row.id), isNotNull(refreshTokens.usedAt)))
        .limit(1);
      if (usedSuccessor) {
        await revokeFamily(tx, row.familyId);
        return { ok: false, reason: 'reused' } as const;
      }
      // Grace: no successor has been used yet, so this is still the client's newest token.
      return { ok: true, userId: row.userId, sessionId: row.familyId, token: await issueSuccessor(tx, row) } as const;
    });
  }

  /** Revokes the family the token belongs to (a sign-out); its session id, or null when the token is unknown. */
  async revokeFamily(token: string): Promise<string | null> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
      .limit(1);
    if (!row) return null;
    await revokeFamily(this.db, row.familyId);
    return row.familyId;
  }
}
