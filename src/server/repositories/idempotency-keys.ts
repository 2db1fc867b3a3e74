/** Idempotency-Key records, in the database so a retry may land on any server process. */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
const STALE_IN_FLIGHT_SECONDS = 120;

export interface KeyRef {
  scope: string;
  key: string;
}

export type BeginResult =
  | { kind: 'new' }
  | { kind: 'mismatch' }
  | { kind: 'in_flight' }
  /** `fromAlsoScope`: the answer is the record `alsoScope` left (a guest's, for a signed-in request). */
  | { kind: 'replay'; status: number; contentType: string | null; body: string; fromAlsoScope?: boolean };

type KeyRow = typeof idempotencyKeys.$inferSelect;

/** What an existing record of this key means for a request that arrives now. */
function judge(row: KeyRow, method: string, path: string, fingerprint: string): BeginResult {
  if (row.method !== method || row.path !== path || row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row.status === null) return { kind: 'in_flight' };
  return { kind: 'replay', status: row.status, contentType: row.contentType, body: row.body ?? '' };
}

export class IdempotencyKeysRepo {
  constructor(private readonly db: Db) {}

  /**
   * `alsoScope`: a scope whose record of the same key counts as this request's first attempt. A
   * device that queued a change as a guest and resends it after signing in sends the same key with
   * a token now; the guest's record answers it, so the change applies once.
   */
  async begin(ref: KeyRef, method: string, path: string, fingerprint: string, alsoScope?: string): Promise<BeginResult> {
    if (alsoScope) {
      const [earlier] = await this.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, alsoScope), eq(idempotencyKeys.key, ref.key), sql`${idempotencyKeys.expiresAt} > now()`))
        .limit(1);
      if (earlier) {
        const result = judge(earlier, method, path, fingerprint);
        return result.kind === 'replay' ? { ...result, fromAlsoScope: true } : result;
      }
    }
    const match = and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key));
    // Lazy expiry: this key now, the whole table now and then. An answer-less record older
    // than STALE_IN_FLIGHT belongs to a request that died mid-way, so it is dropped too.
    await this.db
      .delete(idempotencyKeys)
      .where(
        and(
          match,
          or(
            lt(idempotencyKeys.expiresAt, sql`now()`),
            and(
              isNull(idempotencyKeys.status),
              lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${STALE_IN_FLIGHT_SECONDS})`),
            ),
          ),
        ),
      );
    if (Math.random() < 0.02) await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
    const inserted = await this.db
      .insert(idempotencyKeys)
      .values({
        ...ref,
        method,
        path,
        fingerprint,
        expiresAt: sql`now() + make_interval(secs => ${IDEMPOTENCY_TTL_SECONDS})`,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'new' };
    const [row] = await this.db.select().from(idempotencyKeys).where(match).limit(1);
    // Vanished between insert and select (expired/abandoned): treat as still busy; the client retries.
    if (!row) return { kind: 'in_flight' };
    return judge(row, method, path, fingerprint);
  }

  async complete(ref: KeyRef, status: number, contentType: string | null, body: string): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ status, contentType, body })
      .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)));
  }

  /** Forgets a key whose request failed on our side, so the client may retry it. */
  async abandon(ref: KeyRef): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)));
  }
}
