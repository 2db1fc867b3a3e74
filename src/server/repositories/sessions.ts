/**
 * Signed-in devices. A session is one sign-in: its id is the refresh-token family, and every access
 * token carries it (claim sid). Each authenticated request reads its row (by primary key, joined
 * to the account and its two-step state), so ending a session stops its access tokens at once on
 * every process, and the role and two-step state a route sees are the current ones, not those of
 * the token's minting. Ending a session also revokes its refresh tokens and forgets the device
 * it remembered.
 */
import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../shared/contract/common';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../shared/sign-in';
import { queryRows, type Db } from '../db/client';
import { refreshTokens, rememberedDevices, userSessions, users } from '../db/schema';

export type SessionRow = typeof userSessions.$inferSelect;

/** What authenticate() needs about a token's session, current as of this request. */
export interface LiveSession {
  userId: string;
  role: Role;
  email: string;
  twoStep: boolean;
  verifiedAt: Date | null;
  /** verifiedAt is recent enough for a money action (by the database's clock). */
  fresh: boolean;
}

export class SessionsRepo {
  constructor(
    private readonly db: Db,
    /** STEP_UP_MAX_AGE_SECONDS: how recent a check counts as fresh. */
    private readonly stepUpSeconds: number,
  ) {}

  async start(input: { id: string; userId: string; userAgent: string; ip: string; verified: boolean }): Promise<void> {
    await this.db.insert(userSessions).values({
      id: input.id,
      userId: input.userId,
      userAgent: input.userAgent,
      ip: input.ip,
      verifiedAt: input.verified ? sql`now()` : null,
    });
  }

  /** The session behind an access token, if it is still signed in and its account active. */
  async live(sessionId: string, userId: string): Promise<LiveSession | null> {
    const [row] = await queryRows<{
      role: Role;
      email: string;
      two_step: boolean;
      verified_at: string | Date | null;
      fresh: boolean;
    }>(
      this.db,
      sql`SELECT u.role, u.email, (t.enabled_at IS NOT NULL) AS two_step, s.verified_at,
          coalesce(s.verified_at > now() - make_interval(secs => ${this.stepUpSeconds}), false) AS fresh
        FROM user_sessions s
        JOIN users u ON u.id = s.user_id AND u.is_active
        LEFT JOIN two_step t ON t.user_id = s.user_id
        WHERE s.id = ${sessionId} AND s.user_id = ${userId} AND s.revoked_at IS NULL`,
    );
    if (!row) return null;
    return {
      userId,
      role: row.role,
      email: row.email,
      twoStep: Boolean(row.two_step),
      verifiedAt: row.verified_at === null ? null : new Date(row.verified_at),
      fresh: Boolean(row.fresh),
    };
  }

  /** Of these sessions, the ones no longer signed in (signed out, or their account closed): their sockets close. */
  async ended(sessionIds: string[]): Promise<string[]> {
    if (sessionIds.length === 0) return [];
    const live = await this.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .innerJoin(users, and(eq(users.id, userSessions.userId), eq(users.isActive, true)))
      .where(and(inArray(userSessions.id, sessionIds), isNull(userSessions.revokedAt)));
    const stillIn = new Set(live.map((row) => row.id));
    return sessionIds.filter((id) => !stillIn.has(id));
  }

  /** A refresh: the device is in use, perhaps from a new address. */
  async touch(sessionId: string, ip: string, userAgent: string): Promise<void> {
    await this.db
      .update(userSessions)
      .set({ lastUsedAt: sql`now()`, ip, userAgent: userAgent || sql`${userSessions.userAgent}` })
      .where(eq(userSessions.id, sessionId));
  }

  /** A password or second step just now, in this session: money actions are allowed for a while. */
  async markVerified(sessionId: string): Promise<Date | null> {
    const [row] = await this.db
      .update(userSessions)
      .set({ verifiedAt: sql`now()` })
      .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)))
      .returning({ verifiedAt: userSessions.verifiedAt });
    return row?.verifiedAt ?? null;
  }

  /** Tests and tools: pretend the last check was long ago. */
  async backdateVerified(sessionId: string, seconds: number): Promise<void> {
    await this.db
      .update(userSessions)
      .set({ verifiedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(userSessions.id, sessionId));
  }

  /** Signed-in devices, most recently used first (sessions whose refresh tokens have all expired are gone). */
  async list(userId: string): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(userSessions)
      .where(
        and(
          eq(userSessions.userId, userId),
          isNull(userSessions.revokedAt),
          sql`${userSessions.lastUsedAt} > now() - make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS})`,
        ),
      )
      .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.id))
      .limit(100);
  }

  /** Signs one session of the user out; false when it is not theirs or already ended. */
  async revoke(userId: string, sessionId: string): Promise<boolean> {
    return (await this.revokeWhere(and(eq(userSessions.userId, userId), eq(userSessions.id, sessionId))!)) > 0;
  }

  /** A sign-out of this session (logout), whoever's it is. */
  async end(sessionId: string): Promise<void> {
    await this.revokeWhere(eq(userSessions.id, sessionId));
  }

  /** Every session of the user but `keep` (null: all of them, and every remembered device). */
  async revokeAllOf(userId: string, keep: string | null = null): Promise<number> {
    const count = await this.revokeWhere(
      keep ? and(eq(userSessions.userId, userId), ne(userSessions.id, keep))! : eq(userSessions.userId, userId),
    );
    // Refresh tokens of sign-ins older than any session row (none after migration 0022, but cheap).
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keep ? ne(refreshTokens.familyId, keep) : undefined));
    if (keep === null) await this.db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId));
    return count;
  }

  private async revokeWhere(where: SQL): Promise<number> {
    const ended = await this.db
      .update(userSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(where, isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id });
    const ids = ended.map((s) => s.id);
    if (ids.length === 0) return 0;
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
    await this.db.delete(rememberedDevices).where(inArray(rememberedDevices.sessionId, ids));
    return ids.length;
  }
}
